import { insertNewlineAndIndent } from '@codemirror/commands';
import { StreamLanguage, StringStream, indentOnInput, indentUnit } from '@codemirror/language';
import { EditorState, type Transaction } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { apacheConf } from './apache-mode';

function tokens(line: string) {
  const stream = new StringStream(line, 4, 2);
  const state = apacheConf.startState!(2);
  const found: [string, string | null][] = [];
  while (!stream.eol()) {
    stream.start = stream.pos;
    const style = apacheConf.token(stream, state);
    const text = line.slice(stream.start, stream.pos).trim();
    if (text) found.push([text, style]);
  }
  return found;
}

describe('the apache mode', () => {
  it('marks comments, sections, directives, strings, variables and flags', () => {
    expect(tokens('# a comment')).toEqual([['# a comment', 'comment']]);
    expect(tokens('<VirtualHost *:80>')).toEqual([
      ['<VirtualHost', 'tag'],
      ['*:80', null],
      ['>', 'tag'],
    ]);
    expect(tokens('</VirtualHost>')).toEqual([
      ['</VirtualHost', 'tag'],
      ['>', 'tag'],
    ]);
    expect(tokens('  DocumentRoot "/home/u/a.test" ')).toEqual([
      ['DocumentRoot', 'keyword'],
      ['"/home/u/a.test"', 'string'],
    ]);
    expect(tokens('ErrorLog ${APACHE_LOG_DIR}/error.log')).toEqual([
      ['ErrorLog', 'keyword'],
      ['${APACHE_LOG_DIR}', 'variable-2'],
      ['/error.log', null],
    ]);
    expect(tokens('KeepAlive On')).toEqual([
      ['KeepAlive', 'keyword'],
      ['On', 'atom'],
    ]);
  });

  it('indents inside sections and puts a closing tag back under its opening one', () => {
    const doc = '<VirtualHost *:80>\n    <Directory /home/u>';
    let state = EditorState.create({
      doc,
      selection: { anchor: doc.length },
      extensions: [StreamLanguage.define(apacheConf), indentUnit.of('    '), indentOnInput()],
    });
    const enter = () =>
      insertNewlineAndIndent({ state, dispatch: (transaction: Transaction) => (state = transaction.state) });
    // As the editor receives keys: one character at a time, at the cursor.
    const type = (text: string) => {
      for (const character of text) {
        const at = state.selection.main.head;
        state = state.update({
          changes: { from: at, insert: character },
          selection: { anchor: at + 1 },
          userEvent: 'input.type',
        }).state;
      }
    };
    enter();
    type('Require all granted');
    enter();
    expect(state.doc.line(4).text).toBe('        ');
    type('</Directory>');
    enter();
    type('</VirtualHost>');
    expect(state.doc.toString()).toBe(
      '<VirtualHost *:80>\n    <Directory /home/u>\n        Require all granted\n    </Directory>\n</VirtualHost>',
    );
  });
});
