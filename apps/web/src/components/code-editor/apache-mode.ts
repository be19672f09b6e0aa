import type { StreamParser } from '@codemirror/language';

/**
 * Apache httpd configuration for the editor (spec/001 §2: apache conf mode). CodeMirror's legacy
 * modes have none, so this small tokenizer marks what a reader looks for: comments, `<Section>`
 * tags, the directive that starts each line, quoted strings, `${VAR}` / `%{VAR}` variables,
 * On/Off-style values and numbers. It also counts open sections, so Enter indents inside a
 * `<VirtualHost>` and typing `</` puts the closing tag back under its opening one.
 */
export interface ApacheState {
  /** Nothing but blanks has been read on this line yet (a directive or a comment may start). */
  lineStart: boolean;
  /** Sections opened and not yet closed. */
  depth: number;
}

const FLAGS = /^(?:on|off|none|all|yes|no|granted|denied)\b/i;

export const apacheConf: StreamParser<ApacheState> = {
  name: 'apache',
  startState: () => ({ lineStart: true, depth: 0 }),
  copyState: (state) => ({ ...state }),
  token(stream, state) {
    if (stream.sol()) state.lineStart = true;
    if (stream.eatSpace()) return null;
    const atLineStart = state.lineStart;
    state.lineStart = false;
    if (atLineStart && stream.peek() === '#') {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('</')) {
      stream.match(/^[A-Za-z][\w.-]*/);
      state.depth = Math.max(0, state.depth - 1);
      return 'tag';
    }
    if (stream.match(/^<[A-Za-z][\w.-]*/)) {
      state.depth += 1;
      return 'tag';
    }
    if (stream.match('>')) return 'tag';
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return 'string';
    if (stream.match(/^[$%]\{[^}]*\}?/)) return 'variable-2';
    if (atLineStart && stream.match(/^[A-Za-z][\w-]*/)) return 'keyword';
    if (stream.match(FLAGS)) return 'atom';
    if (stream.match(/^\d+(?:\.\d+)?\b/)) return 'number';
    stream.next();
    stream.eatWhile(/[^\s"<>$%]/);
    return null;
  },
  indent(state, textAfter, context) {
    const depth = /^\s*<\//.test(textAfter) ? state.depth - 1 : state.depth;
    return Math.max(0, depth) * context.unit;
  },
  languageData: { commentTokens: { line: '#' }, indentOnInput: /^\s*<\/$/ },
};
