/** A generated block of a document: the text between two marker comments, replaced whole. */
export function replaceBetween(doc: string, start: string, end: string, body: string, name: string): string {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${name} lacks the markers ${start} … ${end}`);
  return `${doc.slice(0, from + start.length)}\n${body}\n${doc.slice(to)}`;
}
