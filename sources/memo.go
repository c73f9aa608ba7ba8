package sources

import (
	"context"
)

// ParseCache is implemented by file systems that remember what was parsed
// from their files across builds, as the engine's per-turn cache does.
// Kinds do not call it directly but through [ReadParsed] and [MemoText],
// which fall back to parsing every time on any other file system. Values
// it returns are shared and must not be modified.
type ParseCache interface {
	// ReadParsed returns parse applied to the content of the fs.FS name,
	// remembered per kind while the file is unchanged. parse owns the
	// bytes it is given.
	ReadParsed(name, kind string, parse func([]byte) (any, error)) (any, error)
	// MemoText returns parse(text), remembered per kind and text.
	MemoText(kind, text string, parse func(string) (any, error)) (any, error)
}

// ReadParsed reads abs and parses it; parse must be a pure function of the
// bytes. parse owns the bytes it is given (nothing else holds or changes
// them, so its value may keep them). On a [ParseCache] the parsed value
// (or parse error) is reused while the file is unchanged.
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

// MemoTexts parses texts ahead under kind, on up to GOMAXPROCS goroutines
// (the caller's among them), into the memo of fsys when it has one (a
// ParseCache: a Builder's or one run's), so that the MemoText calls that
// follow, in the kind's order, find them parsed. parse must be the
// function of those calls, and safe for concurrent use. Best effort: it
// reports nothing.
func MemoTexts(ctx context.Context, fsys FS, kind string, texts []string, parse func(string) (any, error)) {
	c, ok := fsys.(ParseCache)
	workers := Workers(len(texts), textsPerWorker)
	if !ok || workers < 2 {
		return
	}
	InParallel(ctx, len(texts), workers, func(i int) bool { c.MemoText(kind, texts[i], parse); return true })
}

// textsPerWorker is how many texts a goroutine must have to parse for it
// to pay for itself.
const textsPerWorker = 16

// Memoizer is implemented by file systems that remember a kind's
// intermediate results across builds, as a Builder's per-source view
// does. Kinds call it through [Memo].
type Memoizer interface {
	// Memo returns what compute returned the last time it ran under key,
	// when it ran with options equal (reflect.DeepEqual) to options and
	// every file-system fact it observed then still holds; those facts
	// then count as observed by the caller. Otherwise it runs compute
	// with a file system that records the facts, and remembers the
	// result unless compute failed or the facts cannot be validated.
	Memo(key string, options any, compute func(FS) (any, error)) (any, error)
}

// Memo returns compute(fsys), remembered on a [Memoizer] (see there) and
// computed every time on any other file system. compute must read only
// through the FS it is given and be a pure function of options and of
// what it reads there; its result is shared and must not be modified.
func Memo[T any](fsys FS, key string, options any, compute func(FS) (T, error)) (T, error) {
	m, ok := fsys.(Memoizer)
	if !ok {
		return compute(fsys)
	}
	v, err := m.Memo(key, options, func(f FS) (any, error) { return compute(f) })
	if err != nil {
		var zero T
		return zero, err
	}
	return v.(T), nil
}
