import { canonicalJson, parseForm } from './form';

describe('parseForm', () => {
  it('reads flat and nested keys', () => {
    expect(parseForm('customer=cus_1&metadata[userId]=42&metadata[plan]=ONGOING_CARE')).toEqual({
      customer: 'cus_1',
      metadata: { userId: '42', plan: 'ONGOING_CARE' },
    });
  });

  it('reads indexed and appended arrays', () => {
    expect(parseForm('payment_method_types[0]=card&expand[]=setup_intent&expand[]=customer')).toEqual({
      payment_method_types: ['card'],
      expand: ['setup_intent', 'customer'],
    });
  });

  it('reads deep nesting and encoded brackets', () => {
    expect(parseForm('invoice_settings%5Bdefault_payment_method%5D=pm_1&a[b][c][0][d]=x')).toEqual({
      invoice_settings: { default_payment_method: 'pm_1' },
      a: { b: { c: [{ d: 'x' }] } },
    });
  });

  it('decodes values', () => {
    expect(parseForm('success_url=http%3A%2F%2F127.0.0.1%2Fok%3Fs%3D%7BCHECKOUT_SESSION_ID%7D&name=Ann+Lee')).toEqual({
      success_url: 'http://127.0.0.1/ok?s={CHECKOUT_SESSION_ID}',
      name: 'Ann Lee',
    });
  });
});

describe('canonicalJson', () => {
  it('ignores key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: 'x' } })).toBe(canonicalJson({ a: { c: 'x', d: [1, 2] }, b: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });
});
