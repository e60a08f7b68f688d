/**
 * The National Provider Identifier's check digit (docs/product.md §16): the Luhn check over the card-issuer prefix
 * 80840 followed by the 10-digit NPI, as CMS defines it. Only the shape is checked, not that the NPI is issued.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  // From the right: every second digit is doubled (the check digit itself is not).
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
