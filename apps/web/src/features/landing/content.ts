// Landing-page copy and figures of docs/product.md, in one place.
export const POPULAR_MEDICATIONS = [
  { name: 'Ozempic', use: 'Type 2 diabetes', retailCents: 110000 },
  { name: 'Eliquis', use: 'Blood thinner', retailCents: 60000 },
  { name: 'Humira', use: 'Rheumatology', retailCents: 700000 },
  { name: 'Trelegy Ellipta', use: 'COPD & asthma', retailCents: 65000 },
] as const;

export const STATS = [
  { value: '5-minute', label: 'setup' },
  { value: '95%', label: 'success rate' },
  { value: '2 weeks', label: 'typical turnaround' },
  { value: '24 hours', label: 'reply time' },
] as const;

export const FEATURES = [
  {
    title: 'Program matching',
    text: 'We match each of your medications to the drug maker’s Patient Assistance Program you are most likely to qualify for.',
  },
  {
    title: 'Secure by default',
    text: 'HIPAA compliant, with your data encrypted in transit and at rest. Only your care team sees your records.',
  },
  {
    title: 'Human advocates',
    text: 'Real care navigators make the calls, chase the paperwork and coordinate with your prescriber.',
  },
] as const;

export const MEDICATION_AREAS = [
  'Diabetes',
  'Cardiology',
  'Respiratory',
  'Oncology',
  'Rheumatology',
  'Neurology',
  'Dermatology',
  'HIV / PrEP',
] as const;

export const HOW_IT_WORKS = [
  {
    title: 'Sign up in 5 minutes',
    text: 'Tell us about your medications, doctors and insurance. Nothing is due today.',
  },
  { title: 'We set everything up', text: 'Within 1-2 business days we match your programs and prepare every form.' },
  {
    title: 'We handle the paperwork',
    text: 'We coordinate with your prescriber, submit the application and follow up by phone.',
  },
  {
    title: 'Your medication arrives',
    text: 'A typical turnaround is two weeks. We charge only after approval, when your first shipment is scheduled.',
  },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'I was paying over a thousand dollars a month for Ozempic. RxBridge got me approved and now my medication costs me nothing.',
    name: 'Maria G.',
    detail: 'Type 2 diabetes, Texas',
  },
  {
    quote:
      'I had tried the application twice on my own and gave up. My navigator called my doctor, fixed the forms and I was approved in two weeks.',
    name: 'James R.',
    detail: 'Cardiology patient, Ohio',
  },
  {
    quote:
      'They remind me before every renewal and handle it for me. It is one less thing to worry about with my Humira.',
    name: 'Linda K.',
    detail: 'Rheumatoid arthritis, Florida',
  },
] as const;

export const FAQ = [
  {
    q: 'What is a Patient Assistance Program?',
    a: 'Drug makers run Patient Assistance Programs that give brand-name medications at little or no cost to patients who qualify. If you are eligible, your medication cost may be $0.',
  },
  {
    q: 'When am I charged?',
    a: 'Nothing is due today. There is no charge until the first delivery is confirmed: we charge after approval, when your first shipment is scheduled. The DIY toolkit is always free.',
  },
  {
    q: 'How much does the subscription cost?',
    a: 'Ongoing Care is $49/mo and covers your first two medications (the second is free). Each additional medication is $30/mo. Enrollment Only is a one-time $109 plus $30 for each additional medication.',
  },
  {
    q: 'How long does it take?',
    a: 'Setup takes 1-2 business days and a typical turnaround is about two weeks, depending on the drug maker and how quickly your prescriber signs.',
  },
  {
    q: 'Is RxBridge a pharmacy?',
    a: 'No. RxBridge is not a pharmacy and does not give medical advice. We handle the applications; your medication is shipped by the manufacturer’s program.',
  },
  {
    q: 'Is my information safe?',
    a: 'Yes. We are HIPAA compliant and your data is encrypted. See our Privacy Policy and HIPAA Notice for details.',
  },
  {
    q: 'Can I apply on my own?',
    a: 'Yes. Our free DIY guide walks you through the application step by step, including a downloadable application.',
  },
] as const;

export const WHY_ONGOING_CARE = [
  'Refills coordinated before you run out',
  'Yearly re-enrollment handled for you',
  'One navigator who knows your case',
  'Reply within 24 hours, Monday to Friday',
] as const;
