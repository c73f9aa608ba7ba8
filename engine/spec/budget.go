package spec

// BudgetSpec bounds the size of the prompt. Over Limit, the engine shrinks
// the unlocked active sections, lowest priority first, each by its own
// strategy, until the prompt fits; every cut leaves a note in the prompt
// where it was made and a Cut in the Result. Sizes are counted per
// section (each active section's text as joined, plus the join text
// between sections) in Unit; the items of a section that shrinks a list
// count the tokens that start inside them where they sit in the section's
// text.
type BudgetSpec struct {
	// Limit is the most the prompt may hold; 0 means no limit (caps on
	// sections and sources still apply).
	Limit int `koanf:"limit"`
	// Unit is "tokens" (the default) or "bytes"; Tokenizer names the BPE
	// encoding of tokens (o200k_base by default, or cl100k_base).
	Unit      string `koanf:"unit"`
	Tokenizer string `koanf:"tokenizer"`
	// Note is the template of the text that replaces a cut part of a text
	// (see engine.NoteData); DropNote the one that follows a list whose last
	// items were dropped.
	Note     string `koanf:"note"`
	DropNote string `koanf:"drop_note"`
}

// CapSpec is a size cap and a shrinking strategy, on a section or a
// source.
type CapSpec struct {
	// Max is the cap, in the pipeline budget's unit; 0 means none. On a
	// section it bounds the section's whole text, notes included; on a
	// source it bounds the text each item keeps, and the note that stands
	// for the rest comes on top (so that what a file keeps never depends
	// on the length of its path in the note).
	Max int `koanf:"max"`
	// Strategy is head, tail, head_tail or (sections only) drop_items.
	Strategy string `koanf:"strategy"`
	// Items names the source whose list the section's strategy shrinks
	// (drop whole items, or cut the items' texts) instead of the
	// section's rendered text. Sections only.
	Items string `koanf:"items"`
}

// FrameSpec frames untrusted text: Open (a template reading .Label, the
// file's path or the section's id) and Close (a literal) surround the
// text, and every occurrence of Close inside the text or the rendered
// Open is neutralized (see package internal/budget).
type FrameSpec struct {
	Open  string `koanf:"open"`
	Close string `koanf:"close"`
}

// Trust levels.
const TrustUntrusted = "untrusted"
