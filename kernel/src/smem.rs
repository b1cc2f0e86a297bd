//! Typed carving of the block's dynamic shared memory.
//!
//! Kernels get one dynamic shared-memory region per block (its size is set at launch).
//! A [`Carver`] hands out non-overlapping, aligned [`SharedArray`]s from it, front to back,
//! so that offsets are computed in one place and every user holds a typed handle that knows
//! its element size. Handles carry 32-bit `.shared::cta` addresses, the form the `ptx`
//! wrappers take.
use crate::ptx::memory::shared_addr;
use core::marker::PhantomData;

/// Alignment of the dynamic shared-memory base that this crate asks for.
#[repr(C, align(128))]
pub struct Align128(u8);

/// Hands out aligned regions of dynamic shared memory.
pub struct Carver {
    next: u32,
}

impl Carver {
    /// Starts at the base of the block's dynamic shared memory (aligned to 128 bytes).
    #[inline(always)]
    pub fn dynamic() -> Self {
        let base = core::intrinsics::gpu::gpu_launch_sized_workgroup_mem::<Align128>();
        Carver { next: shared_addr(base) }
    }

    /// A carver over plain offsets from `base` (the kernel checks, at compile time, that its
    /// carve agrees with the `layout` offsets the host sizes the launch with).
    pub const fn starting_at(base: u32) -> Self {
        Carver { next: base }
    }

    /// The next `len` elements of `T`, aligned to `align` bytes (a power of two at least
    /// `align_of::<T>()`). The launch must provide the bytes: the host sizes dynamic shared
    /// memory from the same `layout` constants the kernel carves with.
    #[inline(always)]
    pub const fn take<T>(&mut self, len: u32, align: u32) -> SharedArray<T> {
        let addr = (self.next + align - 1) & !(align - 1);
        self.next = addr + len * core::mem::size_of::<T>() as u32;
        SharedArray { addr, _t: PhantomData }
    }
}

/// An array of `T` in shared memory, known by its 32-bit shared address.
pub struct SharedArray<T> {
    addr: u32,
    _t: PhantomData<T>,
}

impl<T> Clone for SharedArray<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for SharedArray<T> {}

impl<T> SharedArray<T> {
    /// Its address (an offset, for a [`Carver::starting_at`] carve).
    pub const fn offset(&self) -> u32 {
        self.addr
    }
    /// Shared address of element `i`.
    #[inline(always)]
    pub fn at(&self, i: u32) -> u32 {
        self.addr + i * core::mem::size_of::<T>() as u32
    }
}
