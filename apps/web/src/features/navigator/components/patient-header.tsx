import { MailCheck, MailWarning } from 'lucide-react';
import type { AdminPatientRecord } from '@rxbridge/contracts';
import { formatDate, formatPhone, titleCase } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { planNameOf } from '@/lib/plans';
import { RecordItem } from './record-item';

/** Who the patient is and how to reach them, at the top of their record. */
export function PatientHeader({ patient: p }: { patient: AdminPatientRecord['patient'] }) {
  return (
    <Card padding="p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{`${p.firstName} ${p.lastName}`}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Patient since {formatDate(p.createdAt)} · {planNameOf(p.tier)} plan
          </p>
        </div>
        <Badge tone={p.emailVerified ? 'success' : 'warning'}>
          {p.emailVerified ? <MailCheck aria-hidden /> : <MailWarning aria-hidden />}
          Email {p.emailVerified ? 'verified' : 'not verified'}
        </Badge>
      </div>
      <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <RecordItem
          label="Email"
          value={
            <a href={`mailto:${p.email}`} className="break-all text-teal-700 hover:underline">
              {p.email}
            </a>
          }
        />
        <RecordItem
          label="Phone"
          value={
            <a href={`tel:${p.phone}`} className="text-teal-700 hover:underline">
              {formatPhone(p.phone)}
            </a>
          }
        />
        <RecordItem label="Date of birth" value={formatDate(p.dateOfBirth)} />
        <RecordItem
          label="Gender / marital status"
          value={[p.gender, p.maritalStatus]
            .filter(Boolean)
            .map((v) => titleCase(v!))
            .join(' · ')}
        />
        <RecordItem
          label="Mailing address"
          className="sm:col-span-2"
          value={`${p.mailingStreet}, ${p.mailingCity}, ${p.mailingState} ${p.mailingZip}`}
        />
      </dl>
    </Card>
  );
}
