/**
 * A streaming tokenizer for the XML of a workbook's parts. It is fed the
 * text in chunks as the part inflates and calls back per start tag, end tag
 * and run of text, so a 150 MB sheet is read with memory for one chunk, not
 * for the document (docs/data-formats.md, "XLSX at bounded cost"). It reads
 * what SpreadsheetML uses: elements with attributes, the five named entities
 * and character references, CDATA, comments and processing instructions. A
 * DOCTYPE is refused outright (no entity of the file's own is ever
 * expanded), as are unknown entities, tags longer than MAX_TAG_CHARS and
 * nesting deeper than MAX_DEPTH: each of those is an XmlError.
 */

/** Why a part is not XML this reader takes. */
export class XmlError extends Error {
  override name = 'XmlError';
}

/** The callbacks: names are local (a prefix such as `x:` is dropped). */
export interface XmlHandler {
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

/** Longest start tag (name and attributes) taken; Excel's longest are far below it. */
export const MAX_TAG_CHARS = 64 * 1024;
/** Deepest nesting taken; a sheet's deepest element (a rich text run's text) is at depth 7. */
export const MAX_DEPTH = 64;

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * A copy of `text` that holds no reference to the chunk it was cut from. V8
 * keeps a substring of 13 or more characters as a view of its parent, so one
 * kept cell would keep its whole 64 KB chunk alive, and a sheet's kept cells
 * the sheet's whole text. Concatenating forces a fresh string; slicing it
 * again only views that fresh copy.
 */
export const ownCopy = (text: string): string => (text.length < 13 ? text : ` ${text}`.slice(1));

/** The character an entity or character reference (without `&` and `;`) stands for. */
function entityText(entity: string): string {
  const named = Object.hasOwn(NAMED, entity) ? NAMED[entity] : undefined;
  if (named !== undefined) return named;
  const code = /^#x[0-9a-f]{1,6}$/i.test(entity)
    ? Number.parseInt(entity.slice(2), 16)
    : /^#[0-9]{1,7}$/.test(entity)
      ? Number.parseInt(entity.slice(1), 10)
      : -1;
  if (code < 0) throw new XmlError(`unknown entity &${entity.slice(0, 10)};`);
  if (code > 0x10ffff) throw new XmlError(`bad character reference &${entity};`);
  return String.fromCodePoint(code);
}

/** Decodes the entities and character references of text or an attribute value. */
export function decodeEntities(raw: string): string {
  let amp = raw.indexOf('&');
  if (amp < 0) return raw;
  let out = '';
  let from = 0;
  while (amp >= 0) {
    const semi = raw.indexOf(';', amp + 1);
    if (semi < 0 || semi - amp > 10) throw new XmlError('an & that starts no entity');
    out += raw.slice(from, amp) + entityText(raw.slice(amp + 1, semi));
    from = semi + 1;
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

/** The attributes of a start tag by name, full (`r:id`) and local (`id`, unless taken). */
export function parseAttributes(raw: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of raw.matchAll(/([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const name = match[1]!;
    const value = decodeEntities(match[2] ?? match[3] ?? '');
    found.set(name, value);
    const colon = name.indexOf(':');
    if (colon >= 0 && name.slice(0, colon) !== 'xmlns') {
      const local = name.slice(colon + 1);
      if (!found.has(local)) found.set(local, value);
    }
  }
  return found;
}

const localName = (qualified: string): string => {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
};

/** The index of the `>` that ends the tag begun before `from` (a quoted `>` is a value's), or -1. */
function tagEnd(s: string, from: number): number {
  let quote = 0;
  for (let i = from; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 34 || code === 39) quote = code;
    else if (code === 62) return i;
  }
  return -1;
}

const isSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13;

/** The tokenizer: `write` each chunk of text in order, then `end`. */
export class XmlTokenizer {
  private pending = '';
  private depth = 0;

  constructor(private readonly handler: XmlHandler) {}

  /** Tokenizes what the chunk completes; an unfinished tag or entity waits for the next chunk. */
  write(chunk: string): void {
    const text = this.pending + chunk;
    const at = this.scan(text);
    this.pending = text.slice(at);
    if (this.pending.length > MAX_TAG_CHARS)
      throw new XmlError(`an XML tag is longer than ${MAX_TAG_CHARS} characters`);
  }

  /** Ends the document: anything left unfinished, or an element left open, is an error. */
  end(): void {
    if (this.pending.trim() !== '') throw new XmlError('the XML ends inside a tag');
    if (this.depth !== 0) throw new XmlError('the XML ends with an element still open');
  }

  /** Handles every complete token of `s`; returns where the unfinished rest begins. */
  private scan(s: string): number {
    let i = 0;
    while (i < s.length) {
      const lt = s.indexOf('<', i);
      if (lt < 0) return this.emitText(s, i, s.length, true);
      if (lt > i) this.emitText(s, i, lt, false);
      const next = this.token(s, lt);
      if (next < 0) return lt;
      i = next;
    }
    return i;
  }

  /** Sends text; at a chunk's end a trailing `&...` without its `;` is kept for the next chunk. */
  private emitText(s: string, from: number, to: number, atChunkEnd: boolean): number {
    let end = to;
    if (atChunkEnd) {
      const amp = s.lastIndexOf('&', to - 1);
      if (amp >= from && !s.includes(';', amp)) end = amp;
    }
    if (end > from) {
      if (this.depth === 0 && s.slice(from, end).trim() !== '')
        throw new XmlError('text outside the root element');
      this.handler.text(decodeEntities(s.slice(from, end)));
    }
    return end;
  }

  /** Handles the token at `lt` ('<'); returns the index after it, or -1 if it is unfinished. */
  private token(s: string, lt: number): number {
    if (s.startsWith('<!--', lt)) {
      const end = s.indexOf('-->', lt + 4);
      return end < 0 ? -1 : end + 3;
    }
    if (s.startsWith('<![CDATA[', lt)) {
      const end = s.indexOf(']]>', lt + 9);
      if (end < 0) return -1;
      if (this.depth === 0) throw new XmlError('CDATA outside the root element');
      this.handler.text(s.slice(lt + 9, end));
      return end + 3;
    }
    if (s.startsWith('<?', lt)) {
      const end = s.indexOf('?>', lt + 2);
      return end < 0 ? -1 : end + 2;
    }
    if (s.startsWith('<!', lt)) {
      // A DOCTYPE (or anything like it) could declare entities: never read.
      if (s.length - lt < 9) return -1;
      throw new XmlError('the XML has a DOCTYPE, which a workbook never needs');
    }
    const gt = tagEnd(s, lt + 1);
    if (gt < 0) return -1;
    if (s.charCodeAt(lt + 1) === 47) {
      this.depth--;
      if (this.depth < 0) throw new XmlError('an end tag without its start tag');
      this.handler.close(localName(s.slice(lt + 2, gt).trim()));
      return gt + 1;
    }
    const selfClosing = s.charCodeAt(gt - 1) === 47;
    const end = selfClosing ? gt - 1 : gt;
    let nameEnd = lt + 1;
    while (nameEnd < end && !isSpace(s.charCodeAt(nameEnd))) nameEnd++;
    const name = localName(s.slice(lt + 1, nameEnd));
    if (name === '') throw new XmlError('a tag without a name');
    if (!selfClosing && ++this.depth > MAX_DEPTH)
      throw new XmlError(`XML nested deeper than ${MAX_DEPTH} elements`);
    this.handler.open(name, s.slice(nameEnd, end), selfClosing);
    if (selfClosing) this.handler.close(name);
    return gt + 1;
  }
}
