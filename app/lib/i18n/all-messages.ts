import { en } from "./en";
import { fr } from "./fr";
import { provideDictionaries } from "./messages";

// Both dictionaries, for the server and the back-office's router (see messages.ts). Imported for its effect.
provideDictionaries({ fr, en });
