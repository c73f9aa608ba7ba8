package glob

import "strings"

// maxGlobstarRecursion is minimatch's default bound on nested "**" work.
const maxGlobstarRecursion = 200

func matchOne(file []string, pattern []segment) bool {
	for _, s := range pattern {
		if s.globstar {
			return matchGlobstar(file, pattern)
		}
	}
	return matchPlain(file, pattern, 0, 0)
}

// matchPlain is minimatch's #matchOne with partial = false.
func matchPlain(file []string, pattern []segment, fi, pi int) bool {
	fl, pl := len(file), len(pattern)
	for ; fi < fl && pi < pl; fi, pi = fi+1, pi+1 {
		if pattern[pi].globstar || !pattern[pi].test(file[fi]) {
			return false
		}
	}
	switch {
	case fi == fl && pi == pl:
		return true
	case fi == fl:
		return false
	default:
		// a/* matches a/b/: only a final empty file part may be left over
		return fi == fl-1 && file[fi] == ""
	}
}

func dotty(f string) bool { return f == "." || f == ".." || strings.HasPrefix(f, ".") }

// matchGlobstar is minimatch's #matchGlobstar with partial = false,
// including its bookkeeping of where each "**"-delimited section may start.
func matchGlobstar(file []string, pattern []segment) bool {
	first, last := -1, -1
	for i, s := range pattern {
		if s.globstar {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	head, tail := pattern[:first], pattern[last+1:]
	var body []segment
	if first < last {
		body = pattern[first+1 : last]
	}
	fileIndex := 0
	if len(head) > 0 {
		end := min(len(head), len(file))
		if !matchPlain(file[:end], head, 0, 0) {
			return false
		}
		fileIndex += len(head)
	}
	fileTailMatch := 0
	if len(tail) > 0 {
		if len(tail)+fileIndex > len(file) {
			return false
		}
		tailStart := len(file) - len(tail)
		if matchPlain(file, tail, tailStart, 0) {
			fileTailMatch = len(tail)
		} else {
			if file[len(file)-1] != "" || fileIndex+len(tail) == len(file) {
				return false
			}
			tailStart--
			if !matchPlain(file, tail, tailStart, 0) {
				return false
			}
			fileTailMatch = len(tail) + 1
		}
	}
	if len(body) == 0 {
		sawSome := fileTailMatch > 0
		for i := fileIndex; i < len(file)-fileTailMatch; i++ {
			sawSome = true
			if dotty(file[i]) {
				return false
			}
		}
		return sawSome
	}
	type section struct {
		parts []segment
		after int
	}
	sections := []*section{{}}
	cur := sections[0]
	nonGs := 0
	sums := []int{0}
	for _, b := range body {
		if b.globstar {
			sums = append(sums, nonGs)
			cur = &section{}
			sections = append(sections, cur)
			continue
		}
		cur.parts = append(cur.parts, b)
		nonGs++
	}
	fileLength := len(file) - fileTailMatch
	i := len(sections) - 1
	for _, s := range sections {
		s.after = fileLength - (sums[i] + len(s.parts))
		i--
	}
	var walk func(fileIndex, bodyIndex, depth int, sawTail bool) (match, stop bool)
	walk = func(fileIndex, bodyIndex, depth int, sawTail bool) (bool, bool) {
		if bodyIndex >= len(sections) {
			for i := fileIndex; i < len(file); i++ {
				sawTail = true
				if dotty(file[i]) {
					return false, false
				}
			}
			return sawTail, false
		}
		s := sections[bodyIndex]
		for ; fileIndex <= s.after; fileIndex++ {
			end := min(fileIndex+len(s.parts), len(file))
			if matchPlain(file[:end], s.parts, fileIndex, 0) && depth < maxGlobstarRecursion {
				if m, stop := walk(fileIndex+len(s.parts), bodyIndex+1, depth+1, sawTail); m || stop {
					return m, stop
				}
			}
			if fileIndex >= len(file) || dotty(file[fileIndex]) {
				return false, false
			}
		}
		return false, true
	}
	m, _ := walk(fileIndex, 0, 0, fileTailMatch > 0)
	return m
}
