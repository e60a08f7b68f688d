import type { AdminPatientRecord } from '@rxbridge/contracts';
import { coverageLine } from '@/lib/coverage-form';
import { ListCard } from './list-card';

export function PrescriptionsCard({ prescriptions }: { prescriptions: AdminPatientRecord['prescriptions'] }) {
  return (
    <ListCard title="Prescriptions" empty="No prescriptions.">
      {prescriptions.map((rx) => (
        <li key={rx.id} className="py-2.5">
          <p className="font-medium text-slate-900">{rx.medication}</p>
          <p className="text-slate-600">
            {[rx.dosage, rx.frequency].filter(Boolean).join(' · ') || 'Dosage not given'}
            {rx.doctor && ` · Dr. ${rx.doctor.firstName} ${rx.doctor.lastName}`}
          </p>
        </li>
      ))}
    </ListCard>
  );
}

export function DoctorsCard({ doctors }: { doctors: AdminPatientRecord['doctors'] }) {
  return (
    <ListCard title="Doctors" empty="No doctors.">
      {doctors.map((d) => (
        <li key={d.id} className="py-2.5">
          <p className="font-medium text-slate-900">
            Dr. {d.firstName} {d.lastName} <span className="font-normal text-slate-500">· {d.specialty}</span>
          </p>
          <p className="text-slate-600">
            {d.doctorAddress}
            {d.phone && ` · ${d.phone}`}
            {d.npiNumber && ` · NPI ${d.npiNumber}`}
          </p>
        </li>
      ))}
    </ListCard>
  );
}

export function InsuranceCard({ insurances }: { insurances: AdminPatientRecord['insurances'] }) {
  return (
    <ListCard title="Insurance" empty="No insurance on file.">
      {insurances.map((i) => (
        <li key={i.id} className="py-2.5">
          <p className="font-medium text-slate-900">{i.provider}</p>
          <p className="text-slate-600">
            {[i.coverageType, i.policyNumber && `Policy ${i.policyNumber}`, i.groupNumber && `Group ${i.groupNumber}`]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="text-slate-700">{coverageLine(i)}</p>
        </li>
      ))}
    </ListCard>
  );
}
