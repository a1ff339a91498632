// @ts-check
/**
 * Minerdeck's own lint rules. `minerdeck/no-literal-text` (issue 35): the window speaks four languages, so
 * words a technician reads never sit in its code — they come from the catalogs (shared/i18n/catalogs)
 * through `t()` or a `message()`. It refuses, in the renderer:
 * - text between JSX tags that has a letter (`<p>Scan finished</p>`);
 * - a literal with a letter in a prop people read (`aria-label`, `title`, `placeholder`, `alt`, `label`,
 *   `hint`, `heading`, `description`, `caption`, `emptyText`), given directly or through `{…}`,
 *   a conditional or a `+`;
 * - a string or template literal in code that reads as a sentence: it starts with a capital and a
 *   lower-case letter and has a space (`'Scan finished'`), or ends with a full stop, question mark, colon
 *   or ellipsis after a word (`'cannot be read.'`) — class names, ids, channels and keys never look so.
 * Symbols and units stay literal: an allow-list of tokens (TH/s, °C, kW, ×, –, …) and any text without a
 * letter. `t('…')`, `message('…')`, `console.*` and `new Error('…')` (a developer's words) are not looked at.
 */

/** Tokens the same in every language: units, symbols, file formats, protocol names. */
const ALLOWED_TOKENS = new Set([
  'TH/s',
  'GH/s',
  'PH/s',
  'EH/s',
  'MH/s',
  'KH/s',
  'H/s',
  '°C',
  'kW',
  'W',
  'V',
  'A',
  'MB',
  'GB',
  'KB',
  'ms',
  's',
  'min',
  'h',
  'd',
  'x',
  'CSV',
  'JSON',
  'HTML',
  'PDF',
  'IP',
  'MAC',
  'LED',
  'API',
  'URL',
  'SN',
  'HTTP',
  'HTTPS',
  'TLS',
  'QR',
  'S',
  'P',
  'Ctrl',
  'Alt',
  'Esc',
  'Enter',
  'Tab',
  'Minerdeck',
  'Prometheus',
  'OK',
]);
const READ_PROPS =
  /^(aria-(label|description|details|errormessage|valuetext|roledescription)|title|placeholder|alt|label|hint|heading|description|caption|emptyText)$/;
const LETTER = /\p{L}/u;

/** True when every letter run of the text is an allowed token. */
function onlyAllowed(text) {
  const words = text.match(/[\p{L}°][\p{L}\p{N}°/]*/gu) ?? [];
  return words.every((word) => ALLOWED_TOKENS.has(word));
}
/**
 * Has a word a person reads: a run of two or more letters standing alone between spaces (trailing
 * punctuation allowed) that is not an allowed token. Examples of data — `192.168.1.0/24, miner-07.local`,
 * `stratum+tcp://pool.example:3333`, `acct.{mac6}` — have none: they read the same in every language.
 */
function isReadText(text) {
  if (!LETTER.test(text) || onlyAllowed(text.trim())) return false;
  return text
    .split(/\s+/)
    .map((token) => token.replace(/^[(«"'“‘¿¡]+|[)»"'”’.,:;!?…]+$/gu, ''))
    .some((token) => /^\p{L}{2,}$/u.test(token) && !ALLOWED_TOKENS.has(token));
}
/** A sentence in code: "Scan finished", "cannot be read.", "Checking 8 devices…". */
function looksLikeProse(text) {
  const t = text.trim();
  if (!isReadText(t)) return false;
  return /^\p{Lu}\p{Ll}+[^\n]*\s\S/u.test(t) || /\p{L}[.?!:…]$/u.test(t);
}

/** Calls whose string arguments are code, not words: catalogs' keys, errors for developers, string tests. */
const EXEMPT_CALLEES = new Set([
  't',
  'message',
  'Error',
  'TypeError',
  'RangeError',
  'require',
  'matchMedia',
  'querySelector',
  'querySelectorAll',
  'closest',
  'getElementById',
  'addEventListener',
  'removeEventListener',
  'startsWith',
  'endsWith',
  'includes',
  'indexOf',
  'lastIndexOf',
  'split',
  'replace',
  'replaceAll',
  'match',
  'test',
  'has',
  'getItem',
  'setItem',
  'getPropertyValue',
  'setProperty',
]);

function calleeName(node) {
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') {
    if (callee.object.type === 'Identifier' && callee.object.name === 'console') return 'console';
    return callee.property.name;
  }
  return undefined;
}

/** Inside t(…), message(…), console.*(…), new Error(…), an import or an object key: not the window's words. */
function isExempt(node) {
  for (let at = node.parent, child = node; at; child = at, at = at.parent) {
    if (at.type === 'CallExpression' || at.type === 'NewExpression') {
      const name = calleeName(at);
      if (name === 'console' || (name !== undefined && EXEMPT_CALLEES.has(name))) return true;
    }
    if (
      at.type === 'ImportDeclaration' ||
      at.type === 'ExportNamedDeclaration' ||
      at.type === 'ExportAllDeclaration'
    )
      return true;
    if (at.type === 'ImportExpression') return true;
    if (at.type === 'Property' && at.key === child && !at.computed) return true;
    if (at.type === 'TSLiteralType' || at.type === 'TSPropertySignature') return true;
    if (at.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(at.operator)) return true;
    if (at.type === 'SwitchCase') return true;
    if (at.type === 'JSXAttribute' || at.type === 'JSXExpressionContainer') return false;
    if (
      at.type.startsWith('Statement') ||
      at.type === 'Program' ||
      at.type.endsWith('Statement') ||
      at.type.endsWith('Declaration')
    )
      return false;
  }
  return false;
}

function literalText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' x ');
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'Words the technician reads come from the message catalogs, not from code.' },
    messages: {
      jsxText: 'Text in JSX: put it in a catalog (shared/i18n/catalogs) and render it with t().',
      prop: 'Literal text in "{{prop}}": put it in a catalog and render it with t().',
      prose: 'A sentence in code: make it a message (t() or message()) so it reads in every language.',
    },
    schema: [],
  },
  create(context) {
    const checkExpression = (node, report) => {
      if (!node) return;
      const text = literalText(node);
      if (text !== undefined) {
        if (isReadText(text)) report(node);
        return;
      }
      if (node.type === 'ConditionalExpression') {
        checkExpression(node.consequent, report);
        checkExpression(node.alternate, report);
      } else if (
        node.type === 'LogicalExpression' ||
        (node.type === 'BinaryExpression' && node.operator === '+')
      ) {
        checkExpression(node.left, report);
        checkExpression(node.right, report);
      }
    };
    const reported = new Set();
    const report = (node, messageId, data) => {
      if (reported.has(node)) return;
      reported.add(node);
      context.report({ node, messageId, data });
    };
    return {
      JSXText(node) {
        if (isReadText(node.value)) report(node, 'jsxText');
      },
      'JSXElement > JSXExpressionContainer, JSXFragment > JSXExpressionContainer'(node) {
        checkExpression(node.expression, (n) => report(n, 'jsxText'));
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : node.name.name.name;
        if (!READ_PROPS.test(name) || !node.value) return;
        if (node.value.type === 'Literal') {
          if (typeof node.value.value === 'string' && isReadText(node.value.value))
            report(node.value, 'prop', { prop: name });
        } else if (node.value.type === 'JSXExpressionContainer') {
          checkExpression(node.value.expression, (n) => report(n, 'prop', { prop: name }));
        }
      },
      Literal(node) {
        if (typeof node.value !== 'string' || node.parent.type === 'JSXAttribute') return;
        if (looksLikeProse(node.value) && !isExempt(node)) report(node, 'prose');
      },
      TemplateLiteral(node) {
        const text = literalText(node) ?? '';
        if (node.parent.type === 'TaggedTemplateExpression') return;
        if (looksLikeProse(text) && !isExempt(node)) report(node, 'prose');
      },
    };
  },
};

export default { rules: { 'no-literal-text': noLiteralText } };
