import { activityTeller, idleTimes } from './session-idle';

describe('idleTimes', () => {
  it("ends the browser's count before the server can have (its touch interval), the dialog a minute before", () => {
    // 30 minutes: the browser signs out 10 s early, asks at 28:50, tells the server at most every 15 s.
    expect(idleTimes(1800)).toEqual({ limitMs: 1_790_000, warnMs: 1_730_000, tellEveryMs: 15_000 });
    // 30 seconds (the browser specs): a fifth of it early, the dialog a third of the limit before.
    expect(idleTimes(30)).toEqual({ limitMs: 24_000, warnMs: 16_000, tellEveryMs: 3_000 });
  });
});

describe('activityTeller', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('tells at once when the last tell is old enough, and the last activity after a tell, once', () => {
    const tell = jest.fn();
    const teller = activityTeller(tell, 15_000);
    jest.advanceTimersByTime(20_000);
    teller.activity(); // 20 s: told at once
    expect(tell).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1_000);
    teller.activity(); // 21 s and 30 s: within the interval, told once when it ends (35 s)
    jest.advanceTimersByTime(9_000);
    teller.activity();
    expect(tell).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(4_999);
    expect(tell).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(tell).toHaveBeenCalledTimes(2);
    // Nothing more without activity.
    jest.advanceTimersByTime(60_000);
    expect(tell).toHaveBeenCalledTimes(2);
  });

  it('tells nothing more once stopped', () => {
    const tell = jest.fn();
    const teller = activityTeller(tell, 15_000);
    teller.activity();
    teller.stop();
    jest.advanceTimersByTime(60_000);
    expect(tell).not.toHaveBeenCalled();
  });
});
