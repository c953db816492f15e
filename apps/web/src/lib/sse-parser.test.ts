import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser';

describe('SseParser', () => {
  it('parses id, event and data and keeps the last id', () => {
    const parser = new SseParser();
    const events = parser.feed('id: 7\nevent: progress\ndata: {"a":1}\n\n');
    expect(events).toEqual([{ id: '7', event: 'progress', data: '{"a":1}' }]);
    expect(parser.lastEventId).toBe('7');
  });

  it('defaults the type to message and joins multi-line data', () => {
    const events = new SseParser().feed('data: one\ndata:two\n\n');
    expect(events).toEqual([{ id: null, event: 'message', data: 'one\ntwo' }]);
  });

  it('ignores comments (keep-alives) and unknown fields', () => {
    const parser = new SseParser();
    expect(parser.feed(': keep-alive\n\n')).toEqual([]);
    expect(parser.feed('foo: bar\ndata: x\n\n')).toEqual([
      { id: null, event: 'message', data: 'x' },
    ]);
  });

  it('handles chunks split anywhere, including inside CR LF', () => {
    const text = 'id: 1\r\ndata: hello\r\n\r\nid: 2\rdata: world\r\r';
    for (let cut = 0; cut <= text.length; cut++) {
      const parser = new SseParser();
      const events = [...parser.feed(text.slice(0, cut)), ...parser.feed(text.slice(cut))];
      expect(events.map((e) => [e.id, e.data])).toEqual([
        ['1', 'hello'],
        ['2', 'world'],
      ]);
    }
  });

  it('does not dispatch an event without data but still records its id', () => {
    const parser = new SseParser();
    expect(parser.feed('id: 9\n\n')).toEqual([]);
    expect(parser.lastEventId).toBe('9');
    expect(parser.feed('data: after\n\n')[0]?.id).toBe('9');
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.feed('data: part')).toEqual([]);
    expect(parser.feed('ial\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ id: null, event: 'message', data: 'partial' }]);
  });

  it('reads retry only when it is all digits, and keeps a single leading space rule', () => {
    const parser = new SseParser();
    parser.feed('retry: 1500\n\nretry: soon\n\n');
    expect(parser.retryMs).toBe(1500);
    expect(parser.feed('data:  two spaces\n\n')[0]?.data).toBe(' two spaces');
    expect(parser.feed('data\n\n')[0]?.data).toBe('');
  });
});
