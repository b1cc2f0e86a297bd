//! Host side of the Rust NVFP4 GEMV: loads the PTX that `kernel/` compiles to, launches it
//! through the CUDA driver API (via `cudarc`, loaded at run time: no CUDA toolkit needed to
//! build, only the NVIDIA driver to run), and checks it against an exact CPU reference.
//!
//! Layers, as in cudarc: [`gpu`] is the raw layer (context, module, tensor-map encoding,
//! driver calls); [`gemv`] and [`copy`] are the checked, safe API; [`mod@reference`],
//! [`inputs`] and [`quantize`] are CPU-only.
//!
//! ```no_run
//! use host::{gpu::Gpu, inputs::{generate, Distribution}, reference::{gemv_reference, compare}};
//! use kernel::layout::Shape;
//! # fn main() -> Result<(), host::error::Error> {
//! let gpu = Gpu::new(0)?;
//! let x = generate(Shape::new(4096, 7168, 1), Distribution::Contest, 42);
//! let c = gpu.gemv(&x)?; // fp16, [L][M]
//! let cmp = compare(&c, &gemv_reference(&x), x.shape.k, host::gemv::POISON);
//! assert!(cmp.passed(true));
//! # Ok(()) }
//! ```
pub mod a_layout;
pub mod bench;
pub mod copy;
pub mod error;
pub mod fuzz;
pub mod gemv;
pub mod gpu;
pub mod gputest;
pub mod inputs;
pub mod pdl;
pub mod ptx;
pub mod quantize;
pub mod reference;
pub mod rng;
pub mod scale_layout;
pub mod svg;

pub use error::Error;
