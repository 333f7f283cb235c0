const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spanish DNI: eight digits and the letter of their remainder by 23 ("12345678Z"). */
export function isValidDni(value: string): boolean {
  const match = /^(\d{8})-?([A-Z])$/i.exec(value);
  if (!match) return false;
  return DNI_LETTERS[Number(match[1]) % 23] === match[2]?.toUpperCase();
}

/** Spanish NIE: X, Y or Z (read as 0, 1, 2), seven digits and the DNI letter ("X1234567L"). */
export function isValidNie(value: string): boolean {
  const match = /^([XYZ])-?(\d{7})-?([A-Z])$/i.exec(value);
  if (!match) return false;
  const prefix = 'XYZ'.indexOf(match[1]?.toUpperCase() ?? '');
  return DNI_LETTERS[Number(`${prefix}${match[2] ?? ''}`) % 23] === match[3]?.toUpperCase();
}

/** Spanish CIF (company tax code): a letter, seven digits and a control digit or letter. */
export function isValidCif(value: string): boolean {
  const match = /^([ABCDEFGHJNPQRSUVW])-?(\d{7})-?([0-9A-J])$/i.exec(value);
  if (!match) return false;
  const [, letter = '', digits = '', control = ''] = match;
  let sum = 0;
  Array.from(digits, Number).forEach((digit, index) => {
    if (index % 2 === 1) sum += digit;
    else {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  });
  const expected = (10 - (sum % 10)) % 10;
  const expectedLetter = 'JABCDEFGHI'[expected] ?? '';
  const upper = control.toUpperCase();
  // Public bodies and foreign entities use a letter; companies a digit; some either.
  if ('PQRSNW'.includes(letter.toUpperCase())) return upper === expectedLetter;
  if ('ABEH'.includes(letter.toUpperCase())) return upper === String(expected);
  return upper === String(expected) || upper === expectedLetter;
}

/** IBAN: the country code and check digits moved to the end give 1 modulo 97. */
export function isValidIban(value: string): boolean {
  const compact = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Payment card numbers: 13 to 19 digits passing the Luhn check. */
export function isValidCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
