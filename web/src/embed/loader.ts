import { EMBED_WIDGET_LABELS, isEmbedResizeMessage, isEmbedWidget } from '../../../shared/embed-options';

/**
 * `/embed.js`: the one-line loader for other websites. Every
 * `<div data-airdeck-widget="schedule" data-theme="aurora" …>` becomes an
 * iframe of `/embed/schedule?theme=aurora…` on this station, told the page's
 * origin (`parent=`), and sized to its content by the widget's
 * `airdeck:resize` messages, accepted only from this station's origin and
 * from that very iframe. Run again (`AirdeckWidgets.scan()`) after adding
 * widgets to a page.
 */
(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const base = new URL(script?.src ?? '/embed.js', location.href);
  const origin = base.origin;
  const frames = new Map<Window, HTMLIFrameElement>();

  const scan = () => {
    for (const div of Array.from(document.querySelectorAll<HTMLElement>('[data-airdeck-widget]'))) {
      if (div.dataset.airdeckReady) continue;
      const widget = div.dataset.airdeckWidget;
      if (!isEmbedWidget(widget)) continue;
      div.dataset.airdeckReady = '1';
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(div.dataset)) if (k !== 'airdeckWidget' && k !== 'airdeckReady' && v !== undefined) q.set(k, v);
      q.set('parent', location.origin);
      const frame = document.createElement('iframe');
      frame.src = `${origin}/embed/${widget}?${q.toString()}`;
      const label = div.getAttribute('aria-label');
      frame.title = label ?? EMBED_WIDGET_LABELS[widget];
      if (label) frame.dataset.ownTitle = '1';
      frame.setAttribute('allow', 'autoplay');
      frame.setAttribute('loading', 'lazy');
      frame.style.cssText = 'display:block;width:100%;max-width:100%;border:0;height:160px;overflow:hidden;';
      div.replaceChildren(frame);
      if (frame.contentWindow) frames.set(frame.contentWindow, frame);
    }
  };

  window.addEventListener('message', (e) => {
    if (e.origin !== origin || !isEmbedResizeMessage(e.data)) return;
    for (const [win, frame] of frames) {
      if (e.source !== win) continue;
      frame.style.height = `${Math.ceil(e.data.height)}px`;
      // The widget's name in its own language (`data-lang`), unless the page named the frame itself.
      if (e.data.title && !frame.dataset.ownTitle) frame.title = e.data.title;
    }
  });

  (window as unknown as { AirdeckWidgets?: { scan: () => void } }).AirdeckWidgets = { scan };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  else scan();
})();
