// What a prerendered page shows that may change after the build (the credit rate in force): the
// build renders each such value as a slot, `{{programme.<field>}}` named after the Programme field
// that holds it (web/scripts/prerender.ts), and the server writes the value in force into every answer.

const SLOT = /\{\{programme\.([A-Za-z]+)\}\}/g;

/** The slot the prerender renders in place of a Programme field's value. */
export function programmeSlot(field: string): string {
  return `{{programme.${field}}}`;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** The page with each slot replaced by its value, escaped as React escapes text; a slot without a value throws. */
export function fillProgrammeSlots(html: string, values: Record<string, string>): string {
  return html.replace(SLOT, (_slot, field: string) => {
    const value = values[field];
    if (value === undefined) throw new Error(`No value for the prerendered page's slot programme.${field}`);
    return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
  });
}
