/** One dispatched Server-Sent Event. */
export interface SseEvent {
  /** The last event id seen so far (the spec's "last event ID buffer"), or null. */
  id: string | null;
  /** The event type; 'message' when the server sent none. */
  event: string;
  data: string;
}

/**
 * Incremental parser of the text/event-stream format (WHATWG HTML, 9.2.6).
 * Chunks may split lines, and even a CR LF pair, anywhere; feed() keeps the
 * unfinished tail until the next chunk arrives.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private eventType = '';
  /** Persists across events, as EventSource does; sent back as Last-Event-ID. */
  lastEventId: string | null = null;
  /** The server's requested reconnection delay in ms, if it sent one. */
  retryMs: number | null = null;
  private pendingCr = false;

  /** Parses a chunk and returns the events it completed. */
  feed(chunk: string): SseEvent[] {
    let text = chunk;
    // A CR at the end of the previous chunk already ended its line: drop the LF that pairs with it.
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      const line = this.buffer.slice(start, i);
      if (char === '\r') {
        if (i + 1 < this.buffer.length) {
          if (this.buffer[i + 1] === '\n') i++;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
      const event = this.processLine(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private processLine(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null; // A comment, e.g. the server's keep-alive.
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        // An id containing NUL is ignored by the standard.
        if (!value.includes('\u0000')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        break; // Unknown fields are ignored.
    }
    return null;
  }

  private dispatch(): SseEvent | null {
    const data = this.data;
    const eventType = this.eventType;
    this.data = [];
    this.eventType = '';
    // An event with no data lines is not dispatched (though its id still counts).
    if (data.length === 0) return null;
    return { id: this.lastEventId, event: eventType || 'message', data: data.join('\n') };
  }
}
