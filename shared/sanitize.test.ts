import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createPageSanitizer, isSafeHref, isSafeImageSrc, PAGE_ALLOWED_TAGS } from './sanitize';

const sanitize = createPageSanitizer(createDOMPurify(new JSDOM('').window as unknown as WindowLike));

describe('the page sanitiser', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<h1>T</h1><h2>a</h2><h3>b</h3><p><strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <code>c</code></p><pre><code>x &lt; y</code></pre><blockquote><p>q</p></blockquote><ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://example.org" title="t">l</a><br><img src="/media/a.png" alt="A"></p><div class="note"><span>s</span></div>';
    expect(sanitize(html)).toBe(html);
  });

  it('allows only the spec tags', () => {
    expect(PAGE_ALLOWED_TAGS).toHaveLength(23);
    expect(sanitize('<table><tr><td>x</td></tr></table><form><input></form><iframe></iframe><object></object><svg><script>1</script></svg><math></math><style>p{}</style><template><p>t</p></template>')).toBe('x');
  });

  it('removes event handlers, style, id, name and data attributes', () => {
    expect(sanitize('<p onclick="x()" style="color:red" id="a" name="b" data-x="1" aria-label="l" class="ok">t</p>')).toBe('<p class="ok">t</p>');
  });

  it('removes every event handler, not only onclick, in any case and on any allowed tag', () => {
    const handlers = ['onerror', 'onload', 'onmouseover', 'onfocus', 'onanimationstart', 'onpointerenter', 'onbegin', 'ONCLICK', 'OnMouseOut'];
    for (const h of handlers) {
      expect(sanitize(`<img src="/media/a.png" ${h}="alert(1)">`), h).toBe('<img src="/media/a.png">');
      expect(sanitize(`<a href="/x" ${h}="alert(1)">x</a>`), h).toBe('<a href="/x">x</a>');
      expect(sanitize(`<p ${h}=alert(1)>t</p>`), h).toBe('<p>t</p>');
    }
    // Tags whose handlers run on their own are dropped whole.
    expect(sanitize('<svg><animate onbegin="alert(1)" attributeName="x" dur="1s"></animate></svg><svg onload="alert(1)"></svg><body onload="alert(1)"><p>t</p></body>')).toBe('<p>t</p>');
    expect(sanitize('<img src=x onerror=alert(1)>')).not.toMatch(/onerror|alert/);
    expect(sanitize('<details open ontoggle="alert(1)"><summary>s</summary></details>')).not.toMatch(/ontoggle|alert/);
  });

  it('adds rel="noopener noreferrer" to links that open a new tab and drops other targets', () => {
    expect(sanitize('<a href="https://a.example" target="_blank">x</a>')).toBe('<a href="https://a.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitize('<a href="https://a.example" target="_blank" rel="opener">x</a>')).toBe('<a href="https://a.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitize('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
    expect(sanitize('<p target="_blank" rel="nofollow">x</p>')).toBe('<p>x</p>');
  });

  it('never lets javascript: or data: URLs survive, however they are disguised', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java&#x09;script:alert(1)', '&#106;avascript:alert(1)', 'javascript&colon;alert(1)', '\u0001javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'DATA:text/html;base64,PHNjcmlwdD4=']) {
      const out = sanitize(`<a href="${href}">x</a><img src="${href}">`);
      expect(out, href).not.toMatch(/javascript|data:|vbscript/i);
    }
    expect(sanitize('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img>');
  });

  it('keeps http(s), mailto and relative links; images only from https or this site', () => {
    expect(isSafeHref('https://a.example/x')).toBe(true);
    expect(isSafeHref('mailto:a@b.example')).toBe(true);
    expect(isSafeHref('/page/about')).toBe(true);
    expect(isSafeHref('#top')).toBe(true);
    expect(isSafeHref('tel:123')).toBe(false);
    expect(isSafeHref('https://a.example/?q=a&amp;b=c')).toBe(true);
    expect(isSafeHref('HTTPS://A.EXAMPLE')).toBe(true);
    expect(isSafeImageSrc('https://cdn.example/a.png')).toBe(true);
    expect(isSafeImageSrc('/media/a.png')).toBe(true);
    expect(isSafeImageSrc('http://cdn.example/a.png')).toBe(false);
    expect(isSafeImageSrc('//cdn.example/a.png')).toBe(false);
    expect(isSafeImageSrc('/\\cdn.example/a.png')).toBe(false);
    expect(sanitize('<img src="http://tracker.example/p.gif">')).toBe('<img>');
  });

  it('keeps classes but never the app\'s own styling hooks', () => {
    expect(sanitize('<div class="MuiBackdrop-root css-1x2y callout">x</div>')).toBe('<div class="callout">x</div>');
    expect(sanitize('<div class="MuiModal-root">x</div>')).toBe('<div>x</div>');
  });

  it('isSafeHref refuses schemes disguised with tabs, newlines, entities, mixed case or leading spaces (the editor relies on it)', () => {
    const disguised = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '   javascript:alert(1)',
      '\u00a0javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java\r\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'javascript\t:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      '&#0000106avascript:alert(1)',
      'java&#x09;script:alert(1)',
      'java&Tab;script:alert(1)',
      'java&NewLine;script:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html,<script>alert(1)</script>',
      ' DaTa:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ];
    for (const href of disguised) expect(isSafeHref(href), JSON.stringify(href)).toBe(false);
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitize('<p>a <a href="https://x.example" target="_blank">b</a></p><img src=x onerror=alert(1)>');
    expect(sanitize(once)).toBe(once);
  });
});
