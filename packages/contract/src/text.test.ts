import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES, textProblem, textSchema, trimmedText } from './text';

describe('textProblem', () => {
  it.each([
    ['plain text', 'Hello, Montréal', null],
    ['tab, line feed and carriage return', 'a\tb\nc\r\n', null],
    ['an emoji (a surrogate pair)', 'ok 😀', null],
    ['NUL', 'a\u0000b', TEXT_MESSAGES.controlCharacter],
    ['bell', '\u0007', TEXT_MESSAGES.controlCharacter],
    ['escape', '\u001b[31m', TEXT_MESSAGES.controlCharacter],
    ['DEL', '\u007f', TEXT_MESSAGES.controlCharacter],
    ['a C1 control', '\u0085', TEXT_MESSAGES.controlCharacter],
    ['a lone high surrogate', '\ud800', TEXT_MESSAGES.invalidUnicode],
    ['a lone low surrogate', 'x\udc00', TEXT_MESSAGES.invalidUnicode],
    ['a reversed pair', '\ude00\ud83d', TEXT_MESSAGES.invalidUnicode],
  ])('%s', (_name, value, expected) => {
    expect(textProblem(value)).toBe(expected);
  });
});

describe('text schemas', () => {
  it('refuse unsafe text with the rule message and keep other checks', () => {
    expect(textSchema().safeParse('a\u0000').error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlCharacter);
    expect(trimmedText(3).parse('  abc  ')).toBe('abc');
    expect(trimmedText(3).safeParse('abcd').success).toBe(false);
  });
});
