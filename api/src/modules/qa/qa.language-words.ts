/**
 * Question words per language other than English that its stop list keeps ("dónde", "quoi",
 * "wann"): like qa.terms.ts QUESTION_FRAMING, they only frame the question. Stemmed with the language's
 * configuration when first needed, like the question.
 */
export const FRAMING_WORDS: Readonly<Record<string, string[]>> = {
  spanish: ['dónde', 'cuándo', 'cómo', 'quién', 'quiénes', 'cuál', 'cuáles', 'qué', 'cuánto', 'cuántos', 'pasó'],
  french: ['où', 'quand', 'comment', 'qui', 'quel', 'quelle', 'quels', 'quoi', 'pourquoi', 'combien'],
  german: ['wo', 'wann', 'wie', 'wer', 'wen', 'wem', 'was', 'welche', 'welcher', 'warum', 'wohin', 'womit', 'woher'],
  italian: ['dove', 'quando', 'come', 'chi', 'cosa', 'quale', 'quali', 'perché', 'quanto', 'quanti'],
  portuguese: ['onde', 'quando', 'como', 'quem', 'qual', 'quais', 'quanto', 'quantos', 'porque', 'porquê', 'que'],
};

/** Words about the table rather than the story, per language other than English (qa.terms.ts NOT_KEY's role). */
export const NOT_KEY_WORDS: Readonly<Record<string, string[]>> = {
  spanish: ['sesión', 'partida', 'grupo', 'jugador', 'juego', 'campaña', 'mesa', 'personaje', 'primero', 'último'],
  french: ['session', 'partie', 'groupe', 'joueur', 'jeu', 'campagne', 'table', 'personnage', 'premier', 'dernier'],
  german: ['Sitzung', 'Runde', 'Gruppe', 'Spieler', 'Spiel', 'Kampagne', 'Tisch', 'Charakter', 'erste', 'letzte'],
  italian: [
    'sessione',
    'partita',
    'gruppo',
    'giocatore',
    'gioco',
    'campagna',
    'tavolo',
    'personaggio',
    'primo',
    'ultimo',
  ],
  portuguese: ['sessão', 'partida', 'grupo', 'jogador', 'jogo', 'campanha', 'mesa', 'personagem', 'primeiro', 'último'],
};
