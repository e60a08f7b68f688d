import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  GENDERS,
  MARITAL_STATUSES,
  MESSAGES,
  type ProfileFormInput,
  type ProfileFormValues,
  type PublicUser,
} from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { useAuth } from '@/lib/auth/auth-provider';
import { STATE_OPTIONS } from '@/lib/eligibility-form';
import { useProfile } from '@/lib/auth/api/get-profile';
import { Dialog } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/dialog-footer';
import { Form, InputField, SelectField } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { updateProfile } from './api/update-profile';
import { useDialogProps } from '../dashboard-dialogs';
import { LoadError } from '../load-error';
import { formFieldOf, profileChanges, profileFormSchema, profilePayload, toProfileForm } from './profile-form';

export function ProfileDialog() {
  const dialog = useDialogProps('profile');
  const profile = useProfile();
  return (
    <Dialog
      {...dialog}
      title="Personal details"
      description="Keep these up to date: programs check them against your application."
      className="max-w-2xl"
    >
      {profile.isPending && <Spinner className="flex justify-center py-8" label="Loading profile" />}
      {profile.isError && (
        <LoadError title="Failed to load profile data" error={profile.error} onRetry={() => profile.refetch()} />
      )}
      {profile.data && dialog.open && <ProfileForm user={profile.data} onDone={() => dialog.onOpenChange(false)} />}
    </Dialog>
  );
}

function ProfileForm({ user, onDone }: { user: PublicUser; onDone(): void }) {
  const { updateUser } = useAuth();
  const [noChanges, setNoChanges] = useState(false);
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toProfileForm(user),
  });

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ data }) => {
      updateUser(data.user);
      toast.success('Profile Updated', { description: 'Your personal details were saved.' });
      onDone();
    },
    onError: (error) => {
      console.error('Failed to update profile', error);
      applyServerErrors(form, error, { fieldOf: formFieldOf });
      toast.error('Update Failed', {
        description: messageOf(error, 'Failed to update your profile. Please try again.'),
      });
    },
  });

  const onSubmit = (values: ProfileFormValues) => {
    // Nothing changed: nothing is sent. Otherwise the whole profile goes, as docs/product.md §7.6 says.
    if (Object.keys(profileChanges(values, user)).length === 0) {
      setNoChanges(true);
      toast.info(MESSAGES.noChanges);
      return;
    }
    setNoChanges(false);
    save.mutate(profilePayload(values));
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Personal details" className="space-y-4">
      {noChanges && <FormAlert>{MESSAGES.noChanges}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField<ProfileFormInput> name="firstName" label="First name" required autoComplete="given-name" />
        <InputField<ProfileFormInput> name="lastName" label="Last name" required autoComplete="family-name" />
        <InputField<ProfileFormInput> name="phone" label="Phone" type="tel" required autoComplete="tel" />
        <InputField<ProfileFormInput>
          name="email"
          label="Email"
          type="email"
          required
          readOnly
          hint="Contact support to change your email."
          className="[&_input]:bg-slate-50"
        />
        <InputField<ProfileFormInput>
          name="dateOfBirth"
          label="Date of birth"
          type="date"
          required
          autoComplete="bday"
        />
        <SelectField<ProfileFormInput>
          name="gender"
          label="Gender"
          required
          options={GENDERS}
          placeholder="Select gender"
        />
        <SelectField<ProfileFormInput>
          name="maritalStatus"
          label="Marital status"
          options={MARITAL_STATUSES}
          placeholder="Not specified"
        />
        <InputField<ProfileFormInput>
          name="address"
          label="Street address"
          required
          autoComplete="street-address"
          className="sm:col-span-2"
        />
        <InputField<ProfileFormInput> name="city" label="City" required autoComplete="address-level2" />
        <div className="grid grid-cols-2 gap-4">
          <SelectField<ProfileFormInput>
            name="state"
            label="State"
            required
            options={STATE_OPTIONS}
            placeholder="State"
          />
          <InputField<ProfileFormInput>
            name="zipCode"
            label="ZIP code"
            required
            inputMode="numeric"
            autoComplete="postal-code"
          />
        </div>
      </div>
      <FormDialogFooter className="pt-2" onCancel={onDone} isPending={save.isPending} submitLabel="Save Changes" />
    </Form>
  );
}
