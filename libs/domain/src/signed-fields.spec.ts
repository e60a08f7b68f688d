import { changesAnyOf } from './signed-fields';

describe('a save that changes a signed fact (docs/product.md §17)', () => {
  it('changes one when it gives a listed field another value, not when it leaves it out or saves it as it was', () => {
    const before = { phone: '5550100000', mailingStreet: '1 Main St', gender: 'female' };
    expect(changesAnyOf(['phone', 'mailingStreet'], before, { mailingStreet: '2 Main St' })).toBe(true);
    expect(changesAnyOf(['phone', 'mailingStreet'], before, { phone: null })).toBe(true);
    expect(changesAnyOf(['phone', 'mailingStreet'], before, { phone: '5550100000', mailingStreet: '1 Main St' })).toBe(
      false,
    );
    expect(changesAnyOf(['phone', 'mailingStreet'], before, {})).toBe(false);
    expect(changesAnyOf(['phone'], before, { mailingStreet: '2 Main St' })).toBe(false);
  });
});
