/**
 * The Hindi and Hinglish words shoppers type, and the catalogue's English word each means
 * (issue 27; docs/product.md#search). A query word found here is searched as its English word;
 * one that means "watch" is dropped like "watch" itself (words.ts STOP_WORDS). One list, in one
 * place: add a word here and its test (shopper-words.test.ts) and every search understands it.
 *
 * Keys are written as shoppers type them; they are compared after the same folding as every
 * search word (lowercase, accents and Devanagari vowel signs removed: words.ts foldWord), so
 * "घड़ी" and "घडी" are one key.
 */
const MEANINGS: Record<string, readonly string[]> = {
  watch: ['घड़ी', 'घड़ियां', 'घड़ियाँ', 'ghadi', 'ghari', 'gadi', 'ghadiyan', 'ghadiya'],
  men: ['आदमी', 'मर्द', 'पुरुष', 'मर्दाना', 'mard', 'mardana', 'aadmi', 'admi', 'purush', 'gents', 'gent'],
  women: ['लेडीज़', 'लेडीज', 'महिला', 'औरत', 'जनाना', 'ladies', 'lady', 'mahila', 'aurat', 'janana'],
  gold: ['सोना', 'सोने', 'सुनहरा', 'sona', 'sone', 'sunehra', 'sunehri', 'golden'],
  black: ['काला', 'काली', 'kala', 'kaala', 'kali', 'kaali'],
  white: ['सफ़ेद', 'सफेद', 'safed', 'safaid'],
  silver: ['चांदी', 'चाँदी', 'chandi', 'chaandi'],
  blue: ['नीला', 'नीली', 'neela', 'nila', 'neeli'],
  red: ['लाल', 'laal', 'lal'],
  green: ['हरा', 'हरी', 'hara', 'hari'],
  brown: ['भूरा', 'bhura'],
  original: ['असली', 'asli', 'asal'],
};

/** Little words of a Hindi or Hinglish phrase ("sone ki ghadi"), which mean nothing to a search. */
const FILLERS: readonly string[] = ['ki', 'ka', 'ke', 'wali', 'wala', 'wale', 'के', 'का', 'की', 'वाली', 'वाला', 'वाले'];

export type Fold = (word: string) => string;

/**
 * The lookup from a folded shopper word to its English word ('' for a filler), built with the
 * search's own folding.
 */
export function shopperWordMap(fold: Fold): ReadonlyMap<string, string> {
  const map = new Map<string, string>(FILLERS.map((w) => [fold(w), '']));
  for (const [english, words] of Object.entries(MEANINGS)) for (const w of words) map.set(fold(w), english);
  return map;
}
