/**
 * A section's inventory recipe answered with something its `parse` cannot read (a truncated or
 * foreign output). Every server section's parser throws it; the API's inventory reader turns it
 * into a clear error.
 */
export class InventoryFormatError extends Error {
  override readonly name = 'InventoryFormatError';
}
