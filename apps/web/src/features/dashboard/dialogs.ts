// Every dashboard dialog, one chunk fetched as a whole by lazy-dialogs.tsx.
export { ProfileDialog as profile } from './account/profile-dialog';
export { ChangePasswordDialog as 'change-password' } from './account/change-password-dialog';
export { EligibilityDialog as eligibility } from './eligibility/eligibility-dialog';
export { InsuranceDialog as insurance } from './records/insurance-dialog';
export { DoctorsDialog as doctors } from './records/doctors-dialog';
export { PrescriptionsDialog as prescriptions } from './records/prescriptions-dialog';
export { DocumentsDialog as documents } from './records/documents-dialog';
export { BillingDialog as billing } from './billing/billing-dialog';
export { ApplicationDialog as application } from './applications/application-dialog';
export { SupportDialog as support } from './support/support-dialog';
