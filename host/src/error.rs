//! Typed errors of the host library.
use cudarc::driver::DriverError;
use kernel::layout::ShapeError;
use std::fmt;

/// Everything that can go wrong between the caller and the GPU.
#[derive(Debug)]
pub enum Error {
    /// The CUDA driver library (`libcuda.so`) could not be loaded: no NVIDIA driver.
    NoDriver,
    /// The driver loaded but reports no device with this ordinal.
    NoDevice {
        /// The ordinal asked for.
        ordinal: usize,
        /// Devices present.
        count: i32,
    },
    /// The device's compute capability has no PTX build.
    UnsupportedDevice {
        /// Device name.
        name: String,
        /// Its compute capability.
        compute_capability: (i32, i32),
    },
    /// A PTX build asked for by name ([`crate::gpu::Gpu::with_build`]) is not for this
    /// device's compute capability.
    BuildNotForDevice {
        /// The build.
        build: &'static str,
        /// The compute capability it needs.
        needs: (i32, i32),
        /// Device name.
        name: String,
        /// Its compute capability.
        compute_capability: (i32, i32),
    },
    /// No PTX build has this name.
    UnknownBuild {
        /// The name asked for.
        name: String,
        /// The names there are.
        known: String,
    },
    /// A shape the kernel cannot run.
    Shape(ShapeError),
    /// A buffer's length does not match the shape.
    BufferLength {
        /// The argument (`a`, `b`, `sfa`, `sfb`, `c`).
        arg: &'static str,
        /// Bytes (or elements, for `c`) the shape needs.
        expected: usize,
        /// What was given.
        got: usize,
    },
    /// A scalar argument is NaN or infinite.
    NotFinite {
        /// The argument.
        arg: &'static str,
        /// Its value.
        value: f32,
    },
    /// A tensor-map rule is broken (alignment, stride, dimension limits).
    TensorMap {
        /// The tensor.
        arg: &'static str,
        /// The rule.
        rule: String,
    },
    /// No GEMV entry point has this name.
    UnknownVariant {
        /// The name asked for.
        name: String,
        /// The names there are.
        known: String,
    },
    /// A combination of options this build does not support.
    Unsupported {
        /// What was asked for.
        what: &'static str,
    },
    /// A CUDA driver call failed.
    Driver {
        /// What was being done.
        context: &'static str,
        /// The driver's error.
        source: DriverError,
    },
}

impl Error {
    /// True when the machine simply has no usable GPU (tests skip on these).
    pub fn is_no_gpu(&self) -> bool {
        matches!(self, Error::NoDriver | Error::NoDevice { .. } | Error::UnsupportedDevice { .. })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoDriver => write!(
                f,
                "no NVIDIA driver: libcuda.so could not be loaded (this program needs an NVIDIA \
                 GPU with compute capability 9.0 or 10.0 and its driver; no CUDA toolkit is needed)"
            ),
            Error::NoDevice { ordinal, count } => {
                write!(f, "no CUDA device {ordinal}: the driver reports {count} device(s)")
            }
            Error::UnsupportedDevice { name, compute_capability: (a, b) } => write!(
                f,
                "{name} has compute capability {a}.{b}; this build supports 9.0 (sm_90a: H100, \
                 H200) and 10.0 (sm_100a: B200, GB200)"
            ),
            Error::BuildNotForDevice { build, needs: (a, b), name, compute_capability: (c, d) } => {
                write!(f, "the PTX build {build} needs compute capability {a}.{b}; {name} has {c}.{d}")
            }
            Error::UnknownBuild { name, known } => write!(f, "no PTX build {name:?}; there are: {known}"),
            Error::Shape(e) => write!(f, "invalid shape: {e}"),
            Error::BufferLength { arg, expected, got } => {
                write!(f, "`{arg}` has length {got}, the shape needs {expected}")
            }
            Error::NotFinite { arg, value } => write!(f, "`{arg}` is {value}; it must be finite"),
            Error::TensorMap { arg, rule } => write!(f, "tensor map for `{arg}`: {rule}"),
            Error::UnknownVariant { name, known } => write!(f, "no GEMV kernel {name:?}; there are: {known}"),
            Error::Unsupported { what } => write!(f, "not supported: {what}"),
            Error::Driver { context, source } => {
                write!(f, "CUDA driver error while {context}: {source}")
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Driver { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl From<ShapeError> for Error {
    fn from(e: ShapeError) -> Self {
        Error::Shape(e)
    }
}

/// Adds context to a driver result.
pub(crate) trait DriverContext<T> {
    fn during(self, context: &'static str) -> Result<T, Error>;
}

impl<T> DriverContext<T> for Result<T, DriverError> {
    fn during(self, context: &'static str) -> Result<T, Error> {
        self.map_err(|source| Error::Driver { context, source })
    }
}
