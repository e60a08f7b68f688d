import { useLingui } from '@lingui/react';
import { InputField } from '@/components/ui/form';
import { grid, type F } from './step-parts';

export function BasicInfoStep() {
  const { _ } = useLingui();
  return (
    <div className={grid}>
      <InputField<F> name="firstName" label={_('person.firstName')} autoComplete="given-name" required />
      <InputField<F> name="lastName" label={_('person.lastName')} autoComplete="family-name" required />
      <InputField<F>
        name="email"
        label={_('person.email')}
        type="email"
        autoComplete="email"
        required
        className="sm:col-span-2"
      />
      <InputField<F>
        name="phone"
        label={_('person.phone')}
        type="tel"
        autoComplete="tel"
        placeholder="(555) 123-4567"
        required
      />
      <InputField<F> name="dateOfBirth" label={_('person.dateOfBirth')} type="date" autoComplete="bday" required />
    </div>
  );
}
