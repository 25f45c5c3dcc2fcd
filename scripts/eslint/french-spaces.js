// ESLint rule `archimed/french-spaces`: the back-office's French, and the messages the server sends, follow the
// rule the public site's typesetter applies to what visitors read (app/lib/typography/french.ts): a narrow no-break
// space (U+202F) before : ; ! ? and » and after «. An ordinary space there lets a line end before the colon or
// the question mark, leaving it alone at the start of the next line, and guillemets without a space are wrong.
// Strings are written with the character itself, like the public dictionary (app/lib/i18n/fr.ts); `npm run
// format` (eslint --fix) puts it in. Regular expressions are left alone: a space before ? there is syntax.

const NNBSP = "\u202F";

/**
 * A space (or, in JSX text, a line break with its indentation) where the narrow no-break space belongs: after a word,
 * a number or closing punctuation (or at the start of a string glued to an expression), before a sign that ends
 * its clause. "id = ?" and "a ? b : c" written in code samples are not French sentences and stay as they are.
 */
const BEFORE_SIGN = /(?<=^|[\p{L}\p{N})\]»"'’.…%°*])(?:[ \t]+|[ \t]*\r?\n[ \t]*)(?=[:;?!»](?:$|[\s"'’)\].,<:;?!»]))/gu;
const AFTER_OPENING = /«(?:[ \t]+|[ \t]*\r?\n[ \t]*)(?=\S|$)/g;

/** The text with narrow no-break spaces where French typography puts them; JSX line breaks there are joined. */
/** SQL written in a string: its "?" after a word is a placeholder ("where key like ?"), not French. */
const SQL = /^\s*(?:select|insert|update|delete|with|create|alter|drop|pragma)\b/i;

export function frenchSpaces(text) {
  return text.replace(BEFORE_SIGN, NNBSP).replace(AFTER_OPENING, `«${NNBSP}`);
}

/** @type {import("eslint").Rule.RuleModule} */
export const frenchSpacesRule = {
  meta: {
    type: "layout",
    fixable: "code",
    docs: { description: "Narrow no-break space before : ; ! ? » and after « in French text" },
    messages: {
      space: "Typographie française : une espace fine insécable (U+202F) avant : ; ! ? » et après « (npm run format la met).",
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;
    /** Checks the node's source text between `from` and `to` (its quotes or backticks left out). */
    function check(node, from, to) {
      const [start] = node.range;
      const raw = source.text.slice(start + from, node.range[1] - to);
      const fixed = frenchSpaces(raw);
      if (fixed === raw) return;
      context.report({
        node,
        messageId: "space",
        fix: (fixer) => fixer.replaceTextRange([start + from, node.range[1] - to], fixed),
      });
    }
    return {
      Literal(node) {
        if (typeof node.value === "string" && node.raw.length >= 2 && !SQL.test(node.value)) check(node, 1, 1);
      },
      TemplateElement(node) {
        if (SQL.test(node.parent.quasis[0].value.cooked ?? "")) return;
        // The element's range covers its delimiters: ` or } before, ` or ${ after.
        const text = source.text.slice(node.range[0], node.range[1]);
        check(node, 1, text.endsWith("${") ? 2 : 1);
      },
      JSXText(node) {
        check(node, 0, 0);
      },
    };
  },
};

export default { rules: { "french-spaces": frenchSpacesRule } };
