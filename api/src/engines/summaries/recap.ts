/** A sentence of a recap with the lines it was told from, so a reader can hear the moment. */
export interface RecapSentence {
  text: string;
  /** The source lines' ids (transcript lines); empty only where the lines given had no ids. */
  lineIds: string[];
  startMs: number;
}

/** One place or encounter of the night. */
export interface RecapScene {
  /** Where it happens (the place the narration names), else the encounter. */
  title: string;
  startMs: number;
  endMs: number;
  /** The places named in the scene, the most named first. */
  where: string[];
  /** Who took part: the cast's characters, else the speaker labels. */
  people: string[];
  /** People first met in this scene (index entries with evidence). */
  met: string[];
  /** What happened, in one to three sentences. */
  happened: RecapSentence[];
  /** Items found, choices made, threads left open. */
  found: RecapSentence[];
  /** A main scene: what the brief and moderate recaps follow. */
  main: boolean;
}

/** A night as scenes, from which the three summaries are rendered. */
export interface Recap {
  scenes: RecapScene[];
  /** Quests and promises the night opened and did not settle. */
  threads: RecapSentence[];
}
