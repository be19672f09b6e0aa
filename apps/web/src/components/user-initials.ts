/** Up to two initials for an avatar without a photo: "Ada Lovelace" → "AL", "ada" → "A". */
export function userInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('');
}
