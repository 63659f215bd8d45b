/**
 * Predictable passwords, generated from the patterns that dominate every published breach corpus
 * (a common word or name, a keyboard walk or a digit run, plus a short number, year or symbol).
 * The list is built here, not downloaded: the server needs no network and the module stays small.
 * Entries are lower case; lookups lower-case the candidate first.
 */

/** Words and names that top the breach lists, plus words of this domain (telecom, billing). */
export const COMMON_WORDS: readonly string[] = `
password passw0rd passwort motdepasse contrasena secret letmein welcome login admin administrator root
master default changeme guest test tester testing user username access private qwerty qwertz azerty
iloveyou loveyou lovely love lover loving trustno1 whatever nothing anything something everything
dragon monkey shadow sunshine superman batman spiderman ironman starwars pokemon pikachu naruto
football baseball basketball soccer hockey golf tennis cricket rugby volleyball skate surfing
princess prince queen king angel angels devil heaven hello hello123 freedom liberty justice
michael jennifer jordan hunter ranger buster charlie thomas jessica ashley daniel matthew robert
andrew joshua william george summer winter spring autumn purple orange yellow silver golden black
computer internet google facebook youtube twitter instagram microsoft windows apple samsung
iphone android nintendo playstation xbox minecraft fortnite roblox matrix mustang ferrari porsche
corvette harley yamaha chelsea arsenal liverpool barcelona madrid juventus united yankees cowboys
maple canada toronto montreal ottawa vancouver calgary quebec ontario america london paris
family friends forever blessed jesus christ faith hope peace happy smile
cookie cheese banana chocolate pepper ginger coffee pizza butter chicken tigger mickey minnie
snoopy garfield scooby bailey buddy max bella lucky rocky molly daisy luna coco sammy oliver
killer hacker ninja samurai warrior wizard legend phoenix diamond crystal flower rainbow
monday tuesday wednesday thursday friday saturday sunday
january february march april may june july august september october november december
asdfgh qazwsx zaq12wsx 1qaz2wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e 123qwe qwe123 abc123 a1b2c3 zxcvbn
zxcvbnm qwertyuiop asdfghjkl asdfghjk qweasd qweasdzxc poiuytrewq mnbvcxz lkjhgfdsa
welcome1 password1 letmein1 iloveyou1 abcdef abcdefg abcdefgh abcdefghij
telecom telephone mobile cellular wireless billing invoice payment portal account customer
service support manager office company business money dollar credit bank
myspace mypassword mysecret newpassword oldpassword temppass temp1234 pass1234 pass
`
  .split(/\s+/)
  .filter(Boolean);

/** What people append (or prepend) to a word to "strengthen" it. */
// prettier-ignore
export const COMMON_AFFIXES: readonly string[] = [
  '', '1', '2', '7', '12', '13', '21', '22', '23', '69', '77', '88', '99', '00', '01', '007', '11', '111', '1111',
  '123', '321', '1234', '4321', '12345', '123456', '1234567', '12345678', '123456789', '1234567890',
  '!', '!!', '!!!', '1!', '12!', '123!', '1234!', '@', '@123', '#1', '#123', '$', '*', '.', '?',
  ...Array.from({ length: 2030 - 1950 + 1 }, (_, i) => String(1950 + i)),
  ...Array.from({ length: 2030 - 2000 + 1 }, (_, i) => `${2000 + i}!`),
];

/** Keyboard walks and character runs, read forwards (reversed at use). */
// prettier-ignore
export const KEYBOARD_WALKS: readonly string[] = [
  'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwertzuiop', 'azertyuiop', 'qsdfghjklm', 'wxcvbn',
  'qwertyuiopasdfghjklzxcvbnm', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p', 'zaq1xsw2cde3vfr4bgt5nhy6mju7',
  '1q2w3e4r5t6y7u8i9o0p', 'q1w2e3r4t5y6u7i8o9p0', 'qazwsxedcrfvtgbyhnujmikolp', '1234567890', 'abcdefghijklmnopqrstuvwxyz',
  '!@#$%^&*()', '1234567890-=', 'qwertyuiop[]', "asdfghjkl;'",
];

/** Long classics that no word-plus-affix rule catches. */
// prettier-ignore
export const KNOWN_LONG: readonly string[] = [
  'correcthorsebatterystaple', 'iloveyouforever', 'iloveyousomuch', 'iloveyoubaby', 'iloveyoutoo', 'letmeinplease',
  'thequickbrownfox', 'thequickbrownfoxjumpsoverthelazydog', 'passwordpassword', 'password123456789', 'mypasswordis',
  'thisismypassword', 'ihateyou', 'fuckyou', 'fuckoff', 'goodluck', 'godisgood', 'jesusloveme', 'jesusismylord',
  'blink182', 'babygirl', 'babyboy', 'sweetheart', 'lovelove', 'loveme', 'imissyou', 'myfamily', 'mylove',
  'welcometothejungle', 'administrator123', 'changemenow', 'pleasechangeme', 'qwerty123456', 'qwertyqwerty',
  'asdfasdfasdf', 'asdfghjkl123', 'zxcvbnm123456', '123456789012', '1234567890123', '098765432109', '111111111111',
  '000000000000', '123123123123', '121212121212', '112233445566', '147258369147', '159753159753', '987654321987',
  '1qaz2wsx3edc', '1qaz@wsx3edc', 'zaq12wsxcde3', '1q2w3e4r5t6y', 'q1w2e3r4t5y6', 'a1b2c3d4e5f6', 'abcd1234abcd',
];

const WORDS = new Set(COMMON_WORDS);
const AFFIXES = new Set(COMMON_AFFIXES);
const LONGEST_AFFIX = Math.max(...COMMON_AFFIXES.map((affix) => affix.length));
/** The keyboard walks read forwards and backwards. */
export const WALKS_EITHER_WAY: readonly string[] = KEYBOARD_WALKS.flatMap((walk) => [walk, [...walk].reverse().join('')]);

const SPELLED_OUT = new Set([...KNOWN_LONG, ...WALKS_EITHER_WAY]);

/**
 * Whether a lower-case text is on the list: a long classic, a keyboard walk either way, a common word
 * twice, or a common word with a common affix before or after it. The list (86,782 entries) is matched
 * by how it is made instead of being spelled out: as a Set it held 5 MB of every instance's heap.
 */
export const isListedPassword = (text: string): boolean => {
  if (SPELLED_OUT.has(text)) return true;
  const half = text.length / 2;
  if (Number.isInteger(half) && text.slice(0, half) === text.slice(half) && WORDS.has(text.slice(half))) return true;
  for (let cut = Math.max(0, text.length - LONGEST_AFFIX); cut <= text.length; cut++) {
    if (AFFIXES.has(text.slice(cut)) && WORDS.has(text.slice(0, cut))) return true;
  }
  for (let cut = 1; cut <= Math.min(LONGEST_AFFIX, text.length); cut++) {
    if (AFFIXES.has(text.slice(0, cut)) && WORDS.has(text.slice(cut))) return true;
  }
  return false;
};
