import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

/**
 * Renders a translated string whose parts are wrapped in tags, e.g.
 * `richText(t('supportContact', { phone, email }), { phone: <a href="tel:…" />, email: <a href="mailto:…" /> })`
 * for "Call <phone>{{phone}}</phone> or email <email>{{email}}</email>.": each `<name>text</name>` becomes the
 * given element with `text` as its children. Unknown tags render as plain text.
 * (react-i18next's <Trans> does the same but brings an HTML parser, too heavy for the /login path.)
 */
export const richText = (text: string, elements: Record<string, ReactElement<{ children?: ReactNode }>>): ReactNode => {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = elements[match[1]!];
    parts.push(element ? cloneElement(element, { key: parts.length, children: match[2] }) : match[2]);
    last = pattern.lastIndex;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
};
