/** A row's number as the tables show it: 1-based, padded to 3 digits (spec section 2). */
export const rowNumber = (index: number): string => String(index + 1).padStart(3, '0');
