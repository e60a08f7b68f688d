/** A worksheet with what every drug maker's application asks for, downloaded by the guide's button. */
const WORKSHEET = `PATIENT ASSISTANCE PROGRAM APPLICATION WORKSHEET
Prepared by RxBridge - use it to fill in the drug maker's application form.

SECTION 1 - PATIENT
Full name: ______________________   Date of birth: ____________
Address: ____________________________________________________
Phone: ______________   Email: ______________________________
Household size: ____   Annual household income: $____________

SECTION 2 - INSURANCE
Do you have insurance?  [ ] Yes  [ ] No
Provider: ______________   Policy number: ______________
Have you been denied coverage for this medication?  [ ] Yes  [ ] No

SECTION 3 - MEDICATION
Medication: ______________   Dosage: ________   Frequency: ________

SECTION 4 - PRESCRIBER (must sign the manufacturer's form)
Name: ______________________   NPI: ______________
Address: ____________________________________________________
Phone: ______________   Fax: ______________

DOCUMENTS TO ATTACH
[ ] Proof of income (tax return, pay stubs or benefits letter)
[ ] Copy of insurance card (front and back), or proof of no coverage
[ ] Insurance denial letter, if any
[ ] Proof of US residency
[ ] Signed prescription or prescriber section of the form
`;

export function downloadApplicationWorksheet() {
  const url = URL.createObjectURL(new Blob([WORKSHEET], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'patient-assistance-application-worksheet.txt';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
