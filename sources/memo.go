package sources

// ParseCache is implemented by file systems that remember what was parsed
// from their files across builds, as the engine's per-turn cache does.
// Kinds do not call it directly but through [ReadParsed] and [MemoText],
// which fall back to parsing every time on any other file system. Values
// it returns are shared and must not be modified.
type ParseCache interface {
	// ReadParsed returns parse applied to the content of the fs.FS name,
	// remembered per kind while the file is unchanged.
	ReadParsed(name, kind string, parse func([]byte) (any, error)) (any, error)
	// MemoText returns parse(text), remembered per kind and text.
	MemoText(kind, text string, parse func(string) (any, error)) (any, error)
}

// ReadParsed reads abs and parses it; parse must be a pure function of the
// bytes. On a [ParseCache] the parsed value (or parse error) is reused
// while the file is unchanged.
func ReadParsed(fsys FS, abs, kind string, parse func([]byte) (any, error)) (any, error) {
	if c, ok := fsys.(ParseCache); ok {
		return c.ReadParsed(Name(abs), kind, parse)
	}
	data, err := ReadFile(fsys, abs)
	if err != nil {
		return nil, err
	}
	return parse(data)
}

// MemoText returns parse(text); parse must be a pure function of text. On
// a [ParseCache] the result is remembered per kind and text.
func MemoText(fsys FS, kind, text string, parse func(string) (any, error)) (any, error) {
	if c, ok := fsys.(ParseCache); ok {
		return c.MemoText(kind, text, parse)
	}
	return parse(text)
}
