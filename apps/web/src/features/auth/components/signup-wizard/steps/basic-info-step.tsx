import { InputField } from '@/components/ui/form';
import { grid, type F } from './step-parts';

export function BasicInfoStep() {
  return (
    <div className={grid}>
      <InputField<F> name="firstName" label="First name" autoComplete="given-name" required />
      <InputField<F> name="lastName" label="Last name" autoComplete="family-name" required />
      <InputField<F> name="email" label="Email" type="email" autoComplete="email" required className="sm:col-span-2" />
      <InputField<F> name="phone" label="Phone" type="tel" autoComplete="tel" placeholder="(555) 123-4567" required />
      <InputField<F> name="dateOfBirth" label="Date of birth" type="date" autoComplete="bday" required />
    </div>
  );
}
