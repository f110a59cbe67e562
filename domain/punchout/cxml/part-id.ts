/**
 * The spec's part-id rule for the procurement payload (partner submit, section 5): a SupplierPartID
 * keeps only letters, digits, hyphen and underscore, at most 50 characters, and falls back to a
 * name of ours when nothing is left.
 */
export const SUPPLIER_PART_ID_MAX_LENGTH = 50;

export function supplierPartId(text: string, fallback: string): string {
  const kept = text.replace(/[^A-Za-z0-9_-]/g, '').slice(0, SUPPLIER_PART_ID_MAX_LENGTH);
  return kept || fallback.replace(/[^A-Za-z0-9_-]/g, '').slice(0, SUPPLIER_PART_ID_MAX_LENGTH);
}
