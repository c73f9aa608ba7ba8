package emit

import "encoding/binary"

// gramFilter is a filter over one text: a bit for each of its 4-byte
// substrings, hashed. A string one of whose 4-byte substrings has no bit
// is not in the text; one whose substrings all have theirs may be (and is
// then searched for). verifyDir looks for every rule in the text an agent
// sends from each directory, and most are not there.
type gramFilter [1 << gramBits / 64]uint64

const gramBits = 14

func gramHash(g uint32) uint32 { return (g * 2654435761) >> (32 - gramBits) }

// add sets the bits of text's 4-byte substrings.
func (f *gramFilter) add(text string) {
	for i := 0; i+4 <= len(text); i++ {
		h := gramHash(binary.LittleEndian.Uint32([]byte(text[i : i+4])))
		f[h/64] |= 1 << (h % 64)
	}
}

// mayHold reports whether s may be a substring of the text added: false
// only when one of s's 4-byte substrings is certainly not in it. It
// checks every third one (and the last): a few lookups for a rule's text.
func (f *gramFilter) mayHold(s string) bool {
	if len(s) < 4 {
		return true
	}
	for i := 0; ; i += 3 {
		if i+4 > len(s) {
			i = len(s) - 4
		}
		h := gramHash(binary.LittleEndian.Uint32([]byte(s[i : i+4])))
		if f[h/64]&(1<<(h%64)) == 0 {
			return false
		}
		if i == len(s)-4 {
			return true
		}
	}
}
