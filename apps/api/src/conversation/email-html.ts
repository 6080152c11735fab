import sanitizeHtml from 'sanitize-html';

/**
 * The attribute a blocked remote image carries instead of its `src` (the web shows a placeholder). In the
 * stored form its value is the image's address; a view makes it `1`, or the `src` when the user asked.
 */
export const BLOCKED_IMAGE_ATTRIBUTE = 'data-imagem-remota';

/** Declarations that fetch something or run code: dropped from inline styles. */
const UNSAFE_STYLE =
  /url\s*\(|expression\s*\(|image-set\s*\(|@import|javascript:|behavior\s*:|-moz-binding|\\/i;
/**
 * Declarations that lay a box over the message (a fake "sessão expirada" with a link on top of the figures,
 * issue 29's corpus): positioned boxes and their stacking order go; the text stays in the flow.
 */
const OVERLAY_STYLE = /^(?:position\s*:\s*(?:fixed|absolute|sticky)|z-index\s*:)/i;
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;
const REMOTE = /^https?:\/\//i;

/** Keeps the harmless declarations of an inline style (colours, fonts, spacing, borders …). */
function safeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter(
      (declaration) =>
        declaration.includes(':') && !UNSAFE_STYLE.test(declaration) && !OVERLAY_STYLE.test(declaration),
    )
    .join('; ');
}

function withSafeStyle(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { style, ...rest } = attribs;
  const kept = style ? safeStyle(style) : '';
  return kept ? { ...rest, style: kept } : rest;
}

const TABLE_ATTRIBUTES = ['align', 'valign', 'width', 'height', 'colspan', 'rowspan', 'bgcolor'];

export type SanitisedHtml = { html: string; remoteImages: number };

/**
 * A carrier's HTML made safe to show (S10), once, when the message is recorded (issue 29: a 20 MB reply
 * took 4.4 s on every view): basic formatting and tables stay; scripts, event handlers,
 * frames, forms, `<style>` blocks, `javascript:` links and styles that fetch (url(), @import) go. Remote
 * images keep their address in a placeholder attribute only (they are trackers as often as logos; `htmlForView`
 * gives them back when the user asks); `cid:` images (parts of the message) become their alt text. The web shows the result
 * inside a sandboxed iframe with its own CSP, a second wall.
 */
export function sanitizeEmailHtml(html: string): SanitisedHtml {
  let remoteImages = 0;
  const result = sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'style'),
      'img',
      'font',
      'center',
      'span',
      'div',
      'u',
      's',
      'strike',
      'small',
      'big',
    ],
    disallowedTagsMode: 'discard',
    // A document's <title> is not part of what the sender wrote.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xml'],
    allowedAttributes: {
      '*': ['style', 'dir', 'lang', 'title', 'align'],
      a: ['href', 'name', 'title'],
      img: ['src', 'alt', 'width', 'height', 'title', BLOCKED_IMAGE_ATTRIBUTE],
      font: ['color', 'face', 'size'],
      table: [...TABLE_ATTRIBUTES, 'border', 'cellpadding', 'cellspacing'],
      tr: TABLE_ATTRIBUTES,
      td: TABLE_ATTRIBUTES,
      th: TABLE_ATTRIBUTES,
      col: ['span', 'width'],
      colgroup: ['span', 'width'],
      ol: ['start', 'type'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['data', 'http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: withSafeStyle(attribs) }),
      img: (tagName, attribs) => {
        // The placeholder attribute is ours alone: the sender's own is dropped.
        const { src = '', [BLOCKED_IMAGE_ATTRIBUTE]: _sendersOwn, ...rest } = withSafeStyle(attribs);
        const source = src.trim();
        if (REMOTE.test(source)) {
          remoteImages++;
          return { tagName, attribs: { ...rest, [BLOCKED_IMAGE_ATTRIBUTE]: source } };
        }
        if (DATA_IMAGE.test(source)) return { tagName, attribs: { ...rest, src: source } };
        // cid: (a part of the message) or anything else: its alt text, if any.
        return { tagName: 'span', attribs: {}, text: rest.alt ? `[${rest.alt}]` : '' };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'span' && !frame.text.trim() && !frame.attribs.style,
  });
  return { html: result, remoteImages };
}

/** An image tag of the stored form (the sanitiser escapes `<` and `>` everywhere else, so this is linear). */
const IMAGE_TAG = /<img\b[^>]*>/g;
const BLOCKED_IMAGE = new RegExp(` ${BLOCKED_IMAGE_ATTRIBUTE}="([^"]*)"`);

/**
 * The stored safe HTML as one view shows it: remote images as placeholders (`data-imagem-remota="1"`), or,
 * when the user asked for them, with their `src` (the address was checked as http(s) when sanitised).
 */
export function htmlForView(stored: string, options: { remoteImages: boolean }): string {
  return stored.replace(IMAGE_TAG, (tag) =>
    tag.replace(BLOCKED_IMAGE, (_attribute, address: string) =>
      options.remoteImages ? ` src="${address}"` : ` ${BLOCKED_IMAGE_ATTRIBUTE}="1"`,
    ),
  );
}
