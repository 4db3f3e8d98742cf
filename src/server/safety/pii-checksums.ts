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

/**
 * US social security number: area 001–899 except 666, group 01–99, serial 0001–9999 (the SSA never issues the
 * others, so "000-12-3456" or "900-12-3456" are not taken for one).
 */
export function isValidSsn(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, "");
  if (digits.length !== 9) return false;
  const [area, group, serial] = [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5)];
  return area !== "000" && area !== "666" && !area.startsWith("9") && group !== "00" && serial !== "0000";
}

/**
 * Steuerliche Identifikationsnummer: 11 digits, the first not 0. Among the first ten, exactly one digit appears
 * twice or three times (three never in a row) and the others at most once; the last is a check digit
 * (ISO 7064 MOD 11,10).
 */
export function isValidTaxId(candidate: string): boolean {
  const digits = candidate.replace(/\s+/g, "");
  if (!/^[1-9]\d{10}$/.test(digits)) return false;
  const body = digits.slice(0, 10);
  const counts = [...body].reduce((seen, digit) => seen.set(digit, (seen.get(digit) ?? 0) + 1), new Map<string, number>());
  const repeated = [...counts.values()].filter((count) => count > 1);
  if (repeated.length !== 1 || (repeated[0] ?? 0) > 3 || /(\d)\1\1/.test(body)) return false;
  let product = 10;
  for (const digit of body) {
    const sum = (Number(digit) + product) % 10 || 10;
    product = (sum * 2) % 11;
  }
  return (11 - product) % 10 === Number(digits[10]);
}
