package engine

// Default note templates.
const (
	DefaultNote     = "[... {{ .Omitted }} {{ .Unit }} of {{ .Label }} omitted ...]"
	DefaultDropNote = "[... {{ .Dropped }} of {{ .Total }} {{ .Label }} omitted ({{ .Omitted }} {{ .Unit }}) ...]"
)

// NoteData is what a note template reads.
type NoteData struct {
	// Omitted is the size left out, with thousands separators ("12,345");
	// Count the same number.
	Omitted string
	Count   int
	// Unit is "tokens" or "bytes".
	Unit string
	// Label names what was cut: a file's path, a section's id, or, for
	// dropped items, the source's id; made inert (sections.Inert), so a
	// hostile path cannot break the note's line.
	Label string
	// Section is the section the cut is in.
	Section string
	// Dropped and Total count the items of a list (DropNote only).
	Dropped, Total int
}
