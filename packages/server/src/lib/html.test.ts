import { describe, expect, test } from 'vitest';
import { escapeHtml, textToHtml } from './html';

describe('textToHtml', () => {
  test('escapes markup and keeps line breaks', () => {
    expect(textToHtml('<b>"Hi" & \'bye\'</b>\nnext')).toBe(
      '&#60;b&#62;&#34;Hi&#34; &#38; &#39;bye&#39;&#60;/b&#62;<br>\nnext',
    );
  });

  test('makes web links clickable, leaving a sentence’s closing punctuation out', () => {
    expect(textToHtml('Go to https://x.example/?verify_token=a-b_c. Or http://y.example/p?q=1&r=2!')).toBe(
      'Go to <a href="https://x.example/?verify_token=a-b_c">https://x.example/?verify_token=a-b_c</a>. ' +
        'Or <a href="http://y.example/p?q=1&#38;r=2">http://y.example/p?q=1&#38;r=2</a>!',
    );
  });

  test('links nothing that is not http(s)', () => {
    expect(textToHtml('javascript:alert(1) and ftp://files.example')).toBe(
      escapeHtml('javascript:alert(1) and ftp://files.example'),
    );
  });
});
