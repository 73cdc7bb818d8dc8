/**
 * OWASP "CSV Injection": a cell a spreadsheet would read as a formula (=, +, -, @, or a leading
 * tab or carriage return) is prefixed with a quote, so it shows as text and never runs.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
