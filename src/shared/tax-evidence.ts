/** What the buyer's tax country was decided from (docs/features/taxes.md), kept with the order. */
export interface TaxEvidence {
  /** Country of the client address (offline GeoIP), null when unknown. */
  ipCountry: string | null;
  /** Country of the mobile number's calling code, null when unknown or shared. */
  phoneCountry: string | null;
  /** The buyer's own choice, asked for when the two above do not agree. */
  chosenCountry: string | null;
  /** 'agreed': both pieces of evidence name the country; 'chosen': the buyer chose it. */
  decidedBy: 'agreed' | 'chosen' | 'none';
}
