import { entityColumns } from './entity-columns';
import { Application, User } from './entities';

describe('entityColumns', () => {
  it('names each column of the entity by its field, with dates as text and hidden columns left out', () => {
    const columns = entityColumns(User, 'u');
    expect(columns).toContain('u.first_name AS "firstName"');
    expect(columns).toContain('u.date_of_birth::text AS "dateOfBirth"');
    expect(columns).toContain('u.created_at AS "createdAt"');
    expect(columns).not.toContain('password_hash');
  });

  it('uses a column name given in the decorator and covers every column', () => {
    const columns = entityColumns(Application, 'a').split(', ');
    expect(columns).toContain('a.renewal_of AS "renewalOf"');
    expect(columns).toContain('a.enrollment_end_date::text AS "enrollmentEndDate"');
    expect(columns).toHaveLength(15);
  });

  it('refuses a class that is not an entity', () => {
    class NotAnEntity {}
    expect(() => entityColumns(NotAnEntity, 'x')).toThrow('NotAnEntity has no columns');
  });
});
