#include "ui/table/HealthDelegate.h"

#include "ui/table/ObjectTableModel.h"

namespace {

QColor mix(const QColor &a, const QColor &b, double amount)
{
    return QColor::fromRgbF(float(a.redF() * (1 - amount) + b.redF() * amount),
                            float(a.greenF() * (1 - amount) + b.greenF() * amount),
                            float(a.blueF() * (1 - amount) + b.blueF() * amount));
}

} // namespace

QColor HealthDelegate::tint(int health, const QColor &base)
{
    const bool dark = base.lightnessF() < 0.5;
    const double amount = dark ? 0.35 : 0.22;
    switch (ObjectTableModel::Health(health)) {
    case ObjectTableModel::Health::Failed:
        return mix(base, QColor(220, 40, 40), amount);
    case ObjectTableModel::Health::Warning:
        return mix(base, QColor(230, 160, 0), amount);
    case ObjectTableModel::Health::Normal:
        break;
    }
    return {};
}

void HealthDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QColor color =
        tint(index.data(ObjectTableModel::HealthRole).toInt(), option->palette.base().color());
    if (color.isValid())
        option->backgroundBrush = color;
}
