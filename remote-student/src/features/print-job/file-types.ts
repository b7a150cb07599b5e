/** The extension of a file name, lower case, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The allowed types as the server lists them ('pdf', '.PDF', ' docx') → 'pdf', 'docx'. */
export function normaliseFileTypes(types: readonly string[]): string[] {
  return [...new Set(types.map((type) => type.trim().replace(/^\./, '').toLowerCase()).filter(Boolean))];
}

/** The `accept` attribute of the file picker: '.pdf,.docx'. */
export function acceptAttribute(types: readonly string[]): string {
  return normaliseFileTypes(types)
    .map((type) => `.${type}`)
    .join(',');
}
