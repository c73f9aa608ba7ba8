package diag

import "sort"

// SortByPos orders l by file, line and column, keeping the order of the
// diagnostics at one place.
func (l List) SortByPos() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos.less(l[j].Pos) })
}

// less orders positions by file, line and column.
func (p Pos) less(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Column < q.Column
}
