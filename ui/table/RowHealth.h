#pragma once

// How a row is coloured: HealthDelegate paints Warning amber and Failed red.
enum class RowHealth
{
    Normal,
    Warning,
    Failed
};
