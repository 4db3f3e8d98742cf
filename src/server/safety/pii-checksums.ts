/** IBAN check: the rearranged number, letters as 10–35, leaves remainder 1 modulo 97 (ISO 13616). */
export function isValidIban(candidate: string): boolean {
  const iban = candidate.replace(/[\s-]+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** Luhn check used by payment cards; a run of one repeated digit is not taken for a card. */
export function isLuhnValid(digits: string): boolean {
  if (/^(\d)\1+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Krankenversichertennummer: a capital letter, eight digits and a check digit. The letter becomes its two-digit
 * position (A=01 … Z=26); the ten digits are weighted 1,2,1,2…, each product reduced to its digit sum, and the
 * last digit of the total is the check digit.
 */
export function isValidInsuranceNumber(candidate: string): boolean {
  const compact = candidate.replace(/\s+/g, "");
  if (!/^[A-Z]\d{9}$/.test(compact)) return false;
  const digits = `${String(compact.charCodeAt(0) - 64).padStart(2, "0")}${compact.slice(1, 9)}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === Number(compact[9]);
}
