package storage

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// walkFile checks the shape of a bbolt file by reading it, before bbolt
// is trusted with it: bbolt's own consistency check (Tx.Check) and its
// cursors loop without end or fault outside their memory map on some
// damaged pages (a page's overflow count flipped to billions, a branch
// pointing at its parent), which no recover can catch. This walk is
// bounded: it visits each page at most once, and checks that every page
// reachable from the newest valid header page has a known type, lies
// within the file and the header's high water mark, is referenced once,
// and that every element and its key and value fit in their page. Its
// errors name the page ("page 12: ..."). It reads every reachable page
// once (about a millisecond per MiB).
func walkFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	w := &walker{f: f, size: st.Size(), seen: map[uint64]bool{}}
	return w.run()
}

const (
	pageHeader   = 16
	elemSize     = 16
	flagBranch   = 0x01
	flagLeaf     = 0x02
	flagMeta     = 0x04
	flagFreelist = 0x10
	bucketLeaf   = 0x01
	boltMagic    = 0xED0CDAED
)

type walker struct {
	f        *os.File
	size     int64
	pageSize int64
	hwm      uint64
	seen     map[uint64]bool
}

type meta struct {
	pageSize uint32
	root     uint64
	freelist uint64
	pgid     uint64
	txid     uint64
}

func readMeta(b []byte) (meta, bool) {
	if len(b) < pageHeader+64 {
		return meta{}, false
	}
	m := b[pageHeader:]
	le := binary.LittleEndian
	if le.Uint32(m[0:]) != boltMagic || le.Uint32(m[4:]) != 2 {
		return meta{}, false
	}
	h := fnv.New64a()
	h.Write(m[:56])
	if h.Sum64() != le.Uint64(m[56:]) {
		return meta{}, false
	}
	return meta{pageSize: le.Uint32(m[8:]), root: le.Uint64(m[16:]), freelist: le.Uint64(m[32:]),
		pgid: le.Uint64(m[40:]), txid: le.Uint64(m[48:])}, true
}

func (w *walker) run() error {
	// The first header page says the page size; the second sits one page
	// further. bbolt uses the valid one with the higher transaction id.
	first := make([]byte, 4096)
	n, _ := w.f.ReadAt(first, 0)
	m0, ok0 := readMeta(first[:n])
	var best meta
	found := false
	for _, ps := range []int64{int64(m0.pageSize), 4096, 1024, 2048, 8192, 16384, 32768, 65536} {
		if ps < 1024 || ps > 1<<20 || ps&(ps-1) != 0 {
			continue
		}
		b := make([]byte, 4096)
		n, _ := w.f.ReadAt(b, ps)
		m1, ok1 := readMeta(b[:n])
		switch {
		case ok0 && ok1 && int64(m0.pageSize) == ps && m1.pageSize == m0.pageSize:
			best, found = m0, true
			if m1.txid > m0.txid {
				best = m1
			}
		case ok0 && int64(m0.pageSize) == ps:
			best, found = m0, true
		case ok1 && int64(m1.pageSize) == ps:
			best, found = m1, true
		}
		if found {
			break
		}
	}
	if !found {
		return fmt.Errorf("no valid header page")
	}
	w.pageSize = int64(best.pageSize)
	w.hwm = best.pgid
	if w.hwm < 2 || int64(w.hwm)*w.pageSize > w.size {
		return fmt.Errorf("truncated: the header says %d pages of %d bytes, the file has %d bytes", w.hwm, w.pageSize, w.size)
	}
	w.seen[0], w.seen[1] = true, true
	if best.freelist != 0xFFFFFFFFFFFFFFFF {
		if err := w.freelist(best.freelist); err != nil {
			return err
		}
	}
	return w.bucket(best.root, 0)
}

// page reads page id and its overflow pages, checking its type.
func (w *walker) page(id uint64, want ...uint16) ([]byte, error) {
	if id < 2 || id >= w.hwm {
		return nil, fmt.Errorf("page %d: out of bounds (the file has %d pages)", id, w.hwm)
	}
	if w.seen[id] {
		return nil, fmt.Errorf("page %d: referenced twice", id)
	}
	hdr := make([]byte, pageHeader)
	if _, err := w.f.ReadAt(hdr, int64(id)*w.pageSize); err != nil {
		return nil, fmt.Errorf("page %d: %v", id, err)
	}
	le := binary.LittleEndian
	if got := le.Uint64(hdr); got != id {
		return nil, fmt.Errorf("page %d: header names page %d", id, got)
	}
	flags := le.Uint16(hdr[8:])
	okType := false
	for _, t := range want {
		okType = okType || flags == t
	}
	if !okType {
		return nil, fmt.Errorf("page %d: invalid page type %#x", id, flags)
	}
	over := uint64(le.Uint32(hdr[12:]))
	if id+over >= w.hwm {
		return nil, fmt.Errorf("page %d: %d overflow pages run past the end of the file", id, over)
	}
	for i := uint64(0); i <= over; i++ {
		if w.seen[id+i] {
			return nil, fmt.Errorf("page %d: referenced twice", id+i)
		}
		w.seen[id+i] = true
	}
	b := make([]byte, int64(over+1)*w.pageSize)
	if _, err := w.f.ReadAt(b, int64(id)*w.pageSize); err != nil && err != io.EOF {
		return nil, fmt.Errorf("page %d: %v", id, err)
	}
	return b, nil
}

func (w *walker) freelist(id uint64) error {
	b, err := w.page(id, flagFreelist)
	if err != nil {
		return err
	}
	le := binary.LittleEndian
	count, start := uint64(le.Uint16(b[10:])), uint64(pageHeader)
	if count == 0xFFFF {
		count, start = le.Uint64(b[pageHeader:]), pageHeader+8
	}
	if start+count*8 > uint64(len(b)) {
		return fmt.Errorf("page %d: the free list's %d entries overrun the page", id, count)
	}
	for i := uint64(0); i < count; i++ {
		if p := le.Uint64(b[start+8*i:]); p < 2 || p >= w.hwm {
			return fmt.Errorf("page %d: the free list names page %d, out of bounds", id, p)
		}
	}
	return nil
}

// bucket walks a bucket's tree from its root page.
func (w *walker) bucket(root uint64, depth int) error {
	if depth > 64 {
		return fmt.Errorf("page %d: buckets nested too deep", root)
	}
	b, err := w.page(root, flagBranch, flagLeaf)
	if err != nil {
		return err
	}
	return w.node(root, b, depth)
}

func (w *walker) node(id uint64, b []byte, depth int) error {
	le := binary.LittleEndian
	flags, count := le.Uint16(b[8:]), int(le.Uint16(b[10:]))
	if pageHeader+count*elemSize > len(b) {
		return fmt.Errorf("page %d: %d elements overrun the page", id, count)
	}
	for i := 0; i < count; i++ {
		at := pageHeader + i*elemSize
		e := b[at : at+elemSize]
		if flags == flagBranch {
			pos, ksize, child := int(le.Uint32(e[0:])), int(le.Uint32(e[4:])), le.Uint64(e[8:])
			if at+pos+ksize > len(b) || pos < 0 || ksize < 0 {
				return fmt.Errorf("page %d: element %d's key overruns the page", id, i)
			}
			if err := w.bucket(child, depth); err != nil {
				return err
			}
			continue
		}
		ef, pos, ksize, vsize := le.Uint32(e[0:]), int(le.Uint32(e[4:])), int(le.Uint32(e[8:])), int(le.Uint32(e[12:]))
		if pos < 0 || ksize < 0 || vsize < 0 || at+pos+ksize+vsize > len(b) {
			return fmt.Errorf("page %d: element %d's key or value overruns the page", id, i)
		}
		if ef&bucketLeaf == 0 {
			continue
		}
		v := b[at+pos+ksize : at+pos+ksize+vsize]
		if len(v) < 16 {
			return fmt.Errorf("page %d: element %d: malformed bucket header", id, i)
		}
		if sub := le.Uint64(v); sub != 0 {
			if err := w.bucket(sub, depth+1); err != nil {
				return err
			}
			continue
		}
		// An inline bucket: a leaf page inside the value.
		in := v[16:]
		if len(in) < pageHeader || le.Uint16(in[8:]) != flagLeaf {
			return fmt.Errorf("page %d: element %d: malformed inline bucket", id, i)
		}
		if err := w.inline(id, in); err != nil {
			return err
		}
	}
	return nil
}

// inline checks an inline bucket's leaf: it holds no sub-bucket.
func (w *walker) inline(id uint64, b []byte) error {
	le := binary.LittleEndian
	count := int(le.Uint16(b[10:]))
	if pageHeader+count*elemSize > len(b) {
		return fmt.Errorf("page %d: an inline bucket's %d elements overrun it", id, count)
	}
	for i := 0; i < count; i++ {
		at := pageHeader + i*elemSize
		e := b[at : at+elemSize]
		ef, pos, ksize, vsize := le.Uint32(e[0:]), int(le.Uint32(e[4:])), int(le.Uint32(e[8:])), int(le.Uint32(e[12:]))
		if ef&bucketLeaf != 0 || at+pos+ksize+vsize > len(b) {
			return fmt.Errorf("page %d: malformed inline bucket element %d", id, i)
		}
	}
	return nil
}
