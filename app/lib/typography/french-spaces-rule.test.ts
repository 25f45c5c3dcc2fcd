import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { frenchSpaces, frenchSpacesRule } from "../../../scripts/eslint/french-spaces.js";
import { fr } from "../i18n/fr";
import { frenchTypography, NNBSP } from "./french";

// The lint rule that holds the code's own French words (the back-office, the server's messages) to the spaces
// the public typesetter gives visitors' text (decision 063).
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});
const n = NNBSP;

tester.run("archimed/french-spaces", frenchSpacesRule, {
  valid: [
    `const a = "Taille${n}: 12 Ko";`,
    `const b = \`Supprimer «${n}\${name}${n}»${n}?\`;`,
    // Code, addresses and times keep their colons and question marks.
    `const c = "a = ? OR b <> ?".length > 0 ? "https://exemple.fr/?q=1" : "10:30";`,
    `const d = /a ?b/;`,
    `const e = "select name from t where id = ?";`,
    // SQL: a "?" after a word is a placeholder.
    `const h = "select key from throttle where key like ?";`,
    "const i = `delete from t where a like ? and b = ${1}`;",
    `const f = <p>Bloquant${n}:</p>;`,
    `const g = "Ratio 16:9, 4,5:1";`,
  ],
  invalid: [
    { code: `const a = "Taille : 12 Ko";`, output: `const a = "Taille${n}: 12 Ko";`, errors: [{ messageId: "space" }] },
    {
      code: "const b = `Supprimer « ${name} » ? Cette action est irréversible ; vraiment !`;",
      output: `const b = \`Supprimer «${n}\${name}${n}»${n}? Cette action est irréversible${n}; vraiment${n}!\`;`,
      errors: [{ messageId: "space" }, { messageId: "space" }],
    },
    // Text glued to an expression: the space at the literal's start is the one before the sign.
    { code: `const c = name + " : ok";`, output: `const c = name + "${n}: ok";`, errors: [{ messageId: "space" }] },
    // JSX: a line break before the sign or after « is a space in the page, so it is one too.
    {
      code: `const d = <p>\n  Après «\n  Publier ». Fin\n  ?\n</p>;`,
      output: `const d = <p>\n  Après «${n}Publier${n}». Fin${n}?\n</p>;`,
      errors: [{ messageId: "space" }],
    },
  ],
});

describe("frenchSpaces", () => {
  it("agrees with the public typesetter on the public dictionary, which is stored typeset", () => {
    for (const [key, value] of Object.entries(fr)) expect(frenchSpaces(value), key).toBe(value);
  });

  it("puts the space where the public typesetter puts it", () => {
    const plain = "Votre demande n'est pas partie : corrigez les champs ; merci ! Prêt ? « Oui »";
    expect(frenchSpaces(plain)).toBe(frenchTypography(plain));
  });
});
