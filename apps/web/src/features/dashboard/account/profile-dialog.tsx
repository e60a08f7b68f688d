import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import {
  LANGUAGES,
  MESSAGES,
  localizeMessage,
  type ProfileFormInput,
  type ProfileFormValues,
  type PublicUser,
} from '@rxbridge/contracts';
import { messageOf } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/server-errors';
import { useAuth } from '@/lib/auth/auth-provider';
import { stateOptions } from '@/lib/eligibility-form';
import { usePersonOptions } from '@/lib/person-options';
import { i18n, LANGUAGE_NAME, useLanguage } from '@/lib/i18n';
import { profileQueryOptions, useProfile } from '@/lib/auth/api/get-profile';
import { Dialog } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/dialog-footer';
import { Form, InputField, SelectField } from '@/components/ui/form';
import { RadioChoiceField } from '@/components/ui/radio-choice';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { updateProfile } from './api/update-profile';
import { useDialogProps } from '../dashboard-dialogs';
import { dashboardKeys } from '../dashboard-keys';
import { LoadError } from '../load-error';
import { formFieldOf, profileChanges, profileFormSchema, profilePayload, toProfileForm } from './profile-form';

export function ProfileDialog() {
  const dialog = useDialogProps('profile');
  const profile = useProfile();
  const read = useReadOnOpen(dialog.open);
  const { _ } = useLingui();
  return (
    <Dialog
      {...dialog}
      title={_('account.profile.title')}
      description={_('account.profile.description')}
      className="max-w-2xl"
    >
      {(profile.isPending || !read) && (
        <Spinner className="flex justify-center py-8" label={_('account.profile.loading')} />
      )}
      {profile.isError && (
        <LoadError title={_('account.profile.loadFailed')} error={profile.error} onRetry={() => profile.refetch()} />
      )}
      {profile.data && dialog.open && read && (
        <ProfileForm user={profile.data} onDone={() => dialog.onOpenChange(false)} />
      )}
    </Dialog>
  );
}

/**
 * Whether the profile was read again since the dialog opened. The whole profile is sent on Save (docs/product.md
 * §7.6): a form filled from an older read (a tab open for an hour) would send back what another tab or the phone
 * changed since, the address, the language. A read that fails shows the load error, as the first read's would.
 */
function useReadOnOpen(open: boolean): boolean {
  const queryClient = useQueryClient();
  const [read, setRead] = useState(false);
  useEffect(() => {
    setRead(false);
    if (!open) return;
    let current = true;
    void queryClient
      .fetchQuery({ ...profileQueryOptions(), staleTime: 0 })
      .catch(() => undefined)
      .finally(() => current && setRead(true));
    return () => {
      current = false;
    };
  }, [open, queryClient]);
  return read;
}

function ProfileForm({ user, onDone }: { user: PublicUser; onDone(): void }) {
  const { updateUser } = useAuth();
  const { _ } = useLingui();
  const { language, setLanguage } = useLanguage();
  const { genders, maritalStatuses } = usePersonOptions();
  const noChangesText = localizeMessage(MESSAGES.noChanges, language);
  const [noChanges, setNoChanges] = useState(false);
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toProfileForm(user),
  });

  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ data }) => {
      updateUser(data.user);
      // The packets print the name, address and phone: a signature given before the change is no longer current,
      // and the state and age re-screen the applications (docs/product.md §15, §17).
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.applications });
      onDone();
      // The saved language is the app's from now on (docs/product.md, Languages); the toast says so in it.
      await setLanguage(data.user.preferredLanguage).catch(() => undefined);
      toast.success(i18n._('account.profile.saved'), { description: i18n._('account.profile.savedBody') });
    },
    onError: (error) => {
      console.error('Failed to update profile', error);
      applyServerErrors(form, error, { fieldOf: formFieldOf });
      toast.error(_('account.profile.saveFailed'), {
        description: messageOf(error, _('account.profile.saveFailedBody')),
      });
    },
  });

  const onSubmit = (values: ProfileFormValues) => {
    // Nothing changed: nothing is sent. Otherwise the whole profile goes, as docs/product.md §7.6 says.
    // Said above the form only: a toast at the bottom right lay over the dialog's Save button.
    if (Object.keys(profileChanges(values, user)).length === 0) {
      setNoChanges(true);
      return;
    }
    setNoChanges(false);
    save.mutate(profilePayload(values));
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={_('account.profile.title')} className="space-y-4">
      {noChanges && <FormAlert>{noChangesText}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField<ProfileFormInput>
          name="firstName"
          label={_('person.firstName')}
          required
          autoComplete="given-name"
        />
        <InputField<ProfileFormInput>
          name="lastName"
          label={_('person.lastName')}
          required
          autoComplete="family-name"
        />
        <InputField<ProfileFormInput> name="phone" label={_('person.phone')} type="tel" required autoComplete="tel" />
        <InputField<ProfileFormInput>
          name="email"
          label={_('person.email')}
          type="email"
          required
          readOnly
          hint={_('account.profile.emailHint')}
          className="[&_input]:bg-slate-50"
        />
        <InputField<ProfileFormInput>
          name="dateOfBirth"
          label={_('person.dateOfBirth')}
          type="date"
          required
          autoComplete="bday"
        />
        <SelectField<ProfileFormInput>
          name="gender"
          label={_('person.gender')}
          required
          options={genders}
          placeholder={_('account.profile.selectGender')}
        />
        <SelectField<ProfileFormInput>
          name="maritalStatus"
          label={_('person.maritalStatus')}
          options={maritalStatuses}
          placeholder={_('account.profile.notSpecified')}
        />
        <InputField<ProfileFormInput>
          name="address"
          label={_('person.street')}
          required
          autoComplete="street-address"
          className="sm:col-span-2"
        />
        <InputField<ProfileFormInput> name="city" label={_('person.city')} required autoComplete="address-level2" />
        <div className="grid grid-cols-2 gap-4">
          <SelectField<ProfileFormInput>
            name="state"
            label={_('person.state')}
            required
            options={stateOptions()}
            placeholder={_('person.state')}
          />
          <InputField<ProfileFormInput>
            name="zipCode"
            label={_('person.zipCode')}
            required
            inputMode="numeric"
            autoComplete="postal-code"
          />
        </div>
      </div>
      <RadioChoiceField<ProfileFormInput>
        name="preferredLanguage"
        legend={_('account.profile.language')}
        options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAME[value] }))}
        className="sm:max-w-xs"
      />
      <FormDialogFooter
        className="pt-2"
        onCancel={onDone}
        isPending={save.isPending}
        submitLabel={_('account.profile.save')}
      />
    </Form>
  );
}
